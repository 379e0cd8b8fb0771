// hast-util-to-html's escaping with its default options (double-quoted attributes, hexadecimal references),
// shared by the article serializer (to-html.ts) and the highlighter that writes code as HTML (highlight.ts),
// so both halves of an article escape alike.

const TEXT_ESCAPES = /[<&]/g;
const ATTRIBUTE_ESCAPES = /[\0"&'`]/g;
// Most texts need no escaping. A replace with a function callback leaves V8's fast path for a runtime call even
// when nothing matches (hundreds of thousands of code tokens a render thread); a test stays on it.
const TEXT_NEEDS_ESCAPING = /[<&]/;
const ATTRIBUTE_NEEDS_ESCAPING = /[\0"&'`]/;

function characterReference(c: string): string {
  return `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
}

/** Text content as hast-util-to-html writes it. */
export function escapeText(value: string): string {
  return TEXT_NEEDS_ESCAPING.test(value) ? value.replace(TEXT_ESCAPES, characterReference) : value;
}

/** A double-quoted attribute value as hast-util-to-html writes it. */
export function escapeAttribute(value: string): string {
  return ATTRIBUTE_NEEDS_ESCAPING.test(value) ? value.replace(ATTRIBUTE_ESCAPES, characterReference) : value;
}
