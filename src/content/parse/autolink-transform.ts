import type { Link, Nodes, Parent, PhrasingContent, Root, Text } from 'mdast';

// remark-gfm's second pass over autolink literals (mdast-util-gfm-autolink-literal 2's transform, run by
// mdast-util-from-markdown once the tree is built): in every text node outside links it links the URLs,
// `mailto:`/`xmpp:` literals and e-mail addresses the tokenizer passed over (inside emphasis after a word,
// after an unclosed `[`…). Ported rather than imported: the library walks the whole tree four times through
// mdast-util-find-and-replace; this looks only at text holding `@`, `://` or `www.`. As remark, the nodes it
// makes have no position.

type Found = PhrasingContent[] | false;
type Finder = [RegExp, (m: RegExpExecArray, input: string) => Found];

const PUNCT_OR_SPACE = /[\p{P}\p{S}\s]/u;

const FINDERS: Finder[] = [
  [/(?<![\da-z])(https?:\/\/|www(?=\.))([\w-]*\.[\w\-.]*)([^\t\n\r ]*)/gi, findUrl],
  [/(?<![\w+\-.@])xmpp:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)(\/(?:[\w\-/]|\.(?=[\dA-Za-z]))*)?/g, findXmpp],
  [/(?<![\w+\-.@])mailto:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, findMailto],
  [/(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, findEmail],
];

const WWW = /www\./i;

/** Might `value` hold a literal (`@`, `://`, `www.`)? Plain string searches: this runs on every text node. */
export function hasHint(value: string): boolean {
  return value.includes('@') || value.includes('://') || (value.includes('.') && WWW.test(value));
}

/** Links the literals remark-gfm's transform links, in every text node of `tree` outside links. */
export function linkLiteralsInText(tree: Root): void {
  const stack: Parent[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const children = parent.children as Nodes[];
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      if (node.type === 'text') {
        if (!hasHint(node.value)) continue;
        const nodes = replaceAll(node);
        if (nodes) {
          children.splice(i, 1, ...nodes);
          i += nodes.length - 1;
        }
      } else if ((node as Parent).children !== undefined && node.type !== 'link' && node.type !== 'linkReference') stack.push(node as Parent);
    }
  }
}

/** The text node's replacement after each finder in turn (later ones see what earlier ones left as text). */
function replaceAll(node: Text): PhrasingContent[] | null {
  let nodes: PhrasingContent[] = [node];
  let changed = false;
  for (const finder of FINDERS) {
    const next: PhrasingContent[] = [];
    for (const n of nodes) {
      const replaced = n.type === 'text' ? replace(n.value, finder) : null;
      if (replaced) changed = true;
      next.push(...(replaced ?? [n]));
    }
    nodes = next;
  }
  return changed ? nodes : null;
}

// mdast-util-find-and-replace's handler for one node and one expression.
function replace(value: string, [find, fn]: Finder): PhrasingContent[] | null {
  const nodes: PhrasingContent[] = [];
  const add = (child: PhrasingContent) => {
    const previous = nodes[nodes.length - 1];
    if (previous?.type === 'text' && child.type === 'text') previous.value += child.value;
    else nodes.push(child);
  };
  let start = 0;
  let change = false;
  find.lastIndex = 0;
  let match = find.exec(value);
  while (match) {
    const position = match.index;
    const found = fn(match, value);
    if (found === false) find.lastIndex = position + 1;
    else {
      if (start !== position) add({ type: 'text', value: value.slice(start, position) });
      for (const child of found) add(child);
      start = position + match[0].length;
      change = true;
    }
    match = find.exec(value);
  }
  if (!change) return null;
  if (start < value.length) add({ type: 'text', value: value.slice(start) });
  return nodes;
}

const link = (url: string, text: string): Link => ({ type: 'link', title: null, url, children: [{ type: 'text', value: text, position: undefined }], position: undefined });

function findUrl(m: RegExpExecArray, input: string): Found {
  let [, protocol = '', domain = '', path = ''] = m;
  const before = input.charCodeAt(m.index - 1);
  if (m.index !== 0 && !PUNCT_OR_SPACE.test(String.fromCharCode(before))) return false;
  let prefix = '';
  if (/^w/i.test(protocol)) {
    domain = protocol + domain;
    protocol = '';
    prefix = 'http://';
  }
  if (/[\p{P}\p{S}]/u.test(domain.charAt(0)) || !isCorrectDomain(domain)) return false;
  const [url, trail] = splitUrl(domain + path);
  const result = link(prefix + protocol + url, protocol + url);
  return trail ? [result, { type: 'text', value: trail, position: undefined } as Text] : [result];
}

function findEmail(m: RegExpExecArray): Found {
  const [, atext = '', label = ''] = m;
  if (/[\d\-_]$/.test(label)) return false;
  return [link(`mailto:${atext}@${label}`, `${atext}@${label}`)];
}

function findMailto(m: RegExpExecArray): Found {
  const [, atext = '', label = ''] = m;
  if (/[\d\-_]$/.test(label)) return false;
  const value = `mailto:${atext}@${label}`;
  return [link(value, value)];
}

function findXmpp(m: RegExpExecArray, input: string): Found {
  const [all, atext = '', label = '', resource] = m;
  if (/[\d\-_]$/.test(label) || (resource && (!/[A-Za-z]$/.test(resource) || input.charAt(m.index + all.length) === '@'))) return false;
  const value = `xmpp:${atext}@${label}${resource ?? ''}`;
  return [link(value, value)];
}

function isCorrectDomain(domain: string): boolean {
  const parts = domain.split('.');
  const bad = (part: string | undefined) => part && (/_/.test(part) || !/[\dA-Za-z]/.test(part));
  return !(parts.length < 2 || bad(parts[parts.length - 1]) || bad(parts[parts.length - 2]));
}

const TRAILING = new Set([33, 34, 38, 39, 41, 44, 46, 58, 59, 60, 62, 63, 93, 125]);

/** The URL without its trailing punctuation, closing parentheses kept while they balance an opening one. */
function splitUrl(whole: string): [string, string | undefined] {
  let index = whole.length;
  while (index > 0 && TRAILING.has(whole.charCodeAt(index - 1))) index--;
  if (index === whole.length) return [whole, undefined];
  let url = whole.slice(0, index);
  let trail = whole.slice(index);
  let closingParenIndex = trail.indexOf(')');
  const openingParens = count(url, '(');
  let closingParens = count(url, ')');
  while (closingParenIndex !== -1 && openingParens > closingParens) {
    url += trail.slice(0, closingParenIndex + 1);
    trail = trail.slice(closingParenIndex + 1);
    closingParenIndex = trail.indexOf(')');
    closingParens++;
  }
  return [url, trail];
}

const count = (s: string, c: string) => s.split(c).length - 1;
