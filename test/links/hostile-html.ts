// Generated hostile HTML for the link extractor's properties: ordinary pages and the tokenizer's quirks (raw-text
// elements matched by their name's tail, `\x1c` taken for `<`, `<!>` and `<!->` running on, tags and values cut
// off by the end of the input, `="x"` as a name, `href=>`).
import fc from 'fast-check';

const value = fc.constantFrom('/a/', 'b.png', '#top', 'x&amp;y', '&#x2F;c/', 'A B', '', 'i.png 1x, j,k.png 2x', 'canonical', 'PreConnect', 'café', '&quot;q&quot;', '?a=1&amp', '&lt', '&#39;', '&not', '&#0;', 'image', ' IMAGE ', 'a>b', "it's", 'say "x"', '/p/ q');
const attrName = fc.constantFrom('href', 'HREF', 'src', 'srcset', 'id', 'ID', 'Id', 'iD', 'name', 'rel', 'class', 'data-href', 'action', 'formaction', 'data', 'poster', 'type', 'cite', '=x', '"q', 'i', 'idx', 'hre\u212a');
const space = fc.constantFrom(' ', '\n', '\t', '\f', '\r', '  ', '\v');
const attr = fc.oneof(
  fc.tuple(space, attrName, value).map(([s, n, v]) => `${s}${n}="${v}"`),
  fc.tuple(space, attrName, value).map(([s, n, v]) => `${s}${n}='${v}'`),
  fc.tuple(space, attrName, space, value).map(([s, n, t, v]) => `${s}${n}${t}=${t}"${v}"`),
  fc.tuple(space, attrName, value).map(([s, n, v]) => `${s}${n}=${v}`),
  fc.tuple(space, attrName).map(([s, n]) => `${s}${n}`),
  fc.constantFrom('/', ' / ', '/x', '=', '==', '"', "'", 'href=>', 'src=/a/', 'id="a"id="b"'),
);
const tagName = fc.constantFrom(
  'a', 'A', 'img', 'IMG', 'source', 'link', 'base', 'div', 'li', 'p', 'svg', 'input', 'area', 'iframe', 'form', 'button', 'object', 'embed', 'video', 'audio', 'track',
  'script', 'SCRIPT', 'style', 'title', 'TiTlE', 'textarea', 'xmp', 'tmp', 'xitle', 'xextarea', 'scripts', 'scrip', 's', 't', 'x', 'sty', 'lin\u212a',
);
const open = fc.tuple(tagName, fc.array(attr, { maxLength: 4 }), fc.constantFrom('>', '/>', ' />', '/ >', '')).map(([t, a, end]) => `<${t}${a.join('')}${end}`);
const close = fc.tuple(tagName, fc.constantFrom('>', ' >', ' x>', '\t>', '')).map(([t, end]) => `</${t}${end}`);
// a raw-text element, its content, and an end tag that may or may not close it
const rawName = fc.constantFrom('script', 'SCRIPT', 'style', 'title', 'TiTlE', 'textarea', 'xmp', 'tmp', 'xitle');
const rawContent = fc.array(fc.constantFrom('x', '<a href="/r/">', '<', '</', '\x1c', '\x1c/', '\x0f', 'x\x1c/title>', 'x\x1c/script>', '</scrip', '</script', '</scriptx>', '</style/>', '</STYLE>', '</title\t>', '</xmp>', '<</script>', '&amp;'), { maxLength: 6 }).map((p) => p.join(''));
const rawClose = fc.tuple(rawName, fc.constantFrom('>', ' >', '/>', '\n', ' x>', '')).map(([t, end]) => `</${t}${end}`);
const raw = fc.tuple(rawName, rawContent, rawClose).map(([t, c, e]) => `<${t}>${c}${e}`);
export const piece = fc.oneof(
  { weight: 5, arbitrary: open },
  { weight: 2, arbitrary: raw },
  { weight: 3, arbitrary: close },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text', ' & ', '&amp;', '\n', '<', '<<', '< a href="/t/">', '<a/href="/s/">', '<a href="/u/"id="v">', '\x1c', '\x1c/script>', '\x0f', '</', '</>', '</ a>', '</1x>',
      '<!-- <a href="/c/"> -->', '<!-->', '<!--->', '<!---->', '<!-- a -- b --->', '<!-x>', '<!->', '<!>', '<!', '<!-', '<!--', '-->', '--!>', ']]>',
      '<![CDATA[<a href="/d/">]]>', '<![CDATA[x]]]>', '<![CDAT', '<![cdata[', '<![x>', '<!DOCTYPE html>', '<?xml x?>', '<?', '</script', '</script >', '</SCRIPT>', '</scriptx>', '</style\n>', '</title>', '</xmp>', '</textarea/>',
    ),
  },
);
export const page = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
// character soup: whatever order the tokenizer's significant characters come in
export const soup = fc.array(fc.constantFrom('<', '>', '/', '!', '-', '[', ']', '?', '=', '"', "'", ' ', '\n', 'a', 'A', 'href', 'id', 'script', 'style', 'title', 'xmp', 'img', 'src', 'CDATA[', '\x1c', '&amp;', 'x'), { maxLength: 60 }).map((p) => p.join(''));

