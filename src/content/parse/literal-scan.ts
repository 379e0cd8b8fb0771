// The GFM autolink literal tokenizer of micromark-extension-gfm-autolink-literal 2 (what remark-gfm links while
// parsing), ported to plain string scanning: where a `www.`, `http(s)://` or e-mail literal starting at `pos` ends.
// micromark works on UTF-16 code units, as this does; `prev` is the code before `pos` (-1: none).

const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isAlpha(c) || (c >= 48 && c <= 57);
/** micromark's gfmAtext: `+ - . _` and ASCII alphanumerics. */
export const isAtext = (c: number) => c === 43 || c === 45 || c === 46 || c === 95 || isAlnum(c);
const PUNCT = /\p{P}|\p{S}/u;
const SPACE = /\s/;
const punct = (c: number) => c >= 0 && PUNCT.test(String.fromCharCode(c));
/** End of content, a line ending, a space or tab, or Unicode whitespace. */
const space = (c: number) => c < 0 || c === 32 || c === 9 || c === 10 || c === 13 || SPACE.test(String.fromCharCode(c));

/** May a `www.` literal start after `prev`? (micromark's previousWww) */
export const previousWww = (c: number) => c < 0 || c === 40 || c === 42 || c === 95 || c === 91 || c === 93 || c === 126 || c === 9 || c === 10 || c === 13 || c === 32;
/** May an `http(s)://` literal start after `prev`? */
export const previousProtocol = (c: number) => !isAlpha(c);
/** May an e-mail literal start after `prev`? */
export const previousEmail = (c: number) => !(c === 47 || isAtext(c));

/** The kind and end of the literal starting at `pos`, or null. */
/** `blankAfter`: the source has blanks after the content's end (micromark sees them; markdown-it trimmed them). */
export function literalAt(src: string, pos: number, prev: number, email: boolean, blankAfter = false): { end: number; kind: 'www' | 'http' | 'email' } | null {
  const c = src.charCodeAt(pos);
  // micromark tries the e-mail construct first at every character
  if (email && isAtext(c) && previousEmail(prev)) {
    const end = emailEnd(src, pos);
    if (end !== -1) return { end, kind: 'email' };
  }
  if ((c === 87 || c === 119) && previousWww(prev)) {
    const end = www(src, pos, blankAfter);
    if (end !== -1) return { end, kind: 'www' };
  }
  if ((c === 72 || c === 104) && previousProtocol(prev)) {
    const end = protocol(src, pos);
    if (end !== -1) return { end, kind: 'http' };
  }
  return null;
}

const code = (src: string, i: number) => (i < src.length ? src.charCodeAt(i) : -1);

function www(src: string, pos: number, blankAfter: boolean): number {
  for (let i = 0; i < 3; i++) if ((code(src, pos + i) | 0x20) !== 119) return -1;
  // micromark wants a character after `www.`: a blank will do, the end of the content will not
  if (code(src, pos + 3) !== 46 || (pos + 4 >= src.length && !blankAfter)) return -1;
  const end = domain(src, pos);
  return end === -1 ? -1 : path(src, end);
}

function protocol(src: string, pos: number): number {
  let i = pos;
  while (i < src.length && isAlpha(src.charCodeAt(i)) && i - pos < 5) i++;
  const scheme = src.slice(pos, i).toLowerCase();
  if (code(src, i) !== 58 || (scheme !== 'http' && scheme !== 'https')) return -1;
  if (code(src, i + 1) !== 47 || code(src, i + 2) !== 47) return -1;
  i += 3;
  const c = code(src, i);
  if (c < 32 || c === 127 || space(c) || punct(c)) return -1;
  const end = domain(src, i);
  return end === -1 ? -1 : path(src, end);
}

function emailEnd(src: string, pos: number): number {
  let i = pos;
  while (isAtext(code(src, i))) i++;
  if (code(src, i) !== 64) return -1;
  i++;
  let data = false;
  let dot = false;
  for (;;) {
    const c = code(src, i);
    if (c === 46) {
      if (!isAlnum(code(src, i + 1))) break;
      dot = true;
    } else if (c === 45 || c === 95 || isAlnum(c)) data = true;
    else break;
    i++;
  }
  return data && dot && isAlpha(code(src, i - 1)) ? i : -1;
}

function domain(src: string, pos: number): number {
  let underscoreInLast = false;
  let underscoreInLastLast = false;
  let seen = false;
  let i = pos;
  for (;;) {
    const c = code(src, i);
    if (c === 46 || c === 95) {
      if (trail(src, i)) break;
      if (c === 95) underscoreInLast = true;
      else {
        underscoreInLastLast = underscoreInLast;
        underscoreInLast = false;
      }
    } else if (space(c) || (c !== 45 && punct(c))) break;
    else seen = true;
    i++;
  }
  return underscoreInLastLast || underscoreInLast || !seen ? -1 : i;
}

// ! " & ' ) * , . : ; < ? ] _ ~
const PATH_PUNCT = new Set([33, 34, 38, 39, 41, 42, 44, 46, 58, 59, 60, 63, 93, 95, 126]);

function path(src: string, pos: number): number {
  let open = 0;
  let close = 0;
  let i = pos;
  for (;;) {
    const c = code(src, i);
    if (c === 40) open++;
    else if (c === 41 && close < open) close++;
    else if (PATH_PUNCT.has(c)) {
      if (trail(src, i)) return i;
      if (c === 41) close++;
    } else if (space(c)) return i;
    i++;
  }
}

// ! " ' ) * , . : ; ? _ ~
const TRAIL = new Set([33, 34, 39, 41, 42, 44, 46, 58, 59, 63, 95, 126]);

/** Does trailing punctuation that ends a literal start at `pos` (micromark's `trail` check)? */
function trail(src: string, pos: number): boolean {
  let i = pos;
  for (;;) {
    let c = code(src, i);
    if (TRAIL.has(c)) {
      i++;
      continue;
    }
    if (c === 38) {
      i++;
      if (!isAlpha(code(src, i))) return false;
      while (isAlpha(code(src, i))) i++;
      if (code(src, i) !== 59) return false;
      i++;
      continue;
    }
    if (c === 93) {
      i++;
      c = code(src, i);
      if (c === 40 || c === 91 || space(c)) return true;
      continue;
    }
    return c === 60 || space(c);
  }
}
