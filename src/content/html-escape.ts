// hast-util-to-html's escaping with its default options (double-quoted attributes, hexadecimal references),
// shared by the article serializer (to-html.ts) and the highlighter that writes code as HTML (highlight.ts),
// so both halves of an article escape alike.

const TEXT_ESCAPES = /[<&]/g;
const ATTRIBUTE_ESCAPES = /[\0"&'`]/g;

function characterReference(c: string): string {
  return `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
}

/** Text content as hast-util-to-html writes it. */
export function escapeText(value: string): string {
  return value.replace(TEXT_ESCAPES, characterReference);
}

/** A double-quoted attribute value as hast-util-to-html writes it. */
export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_ESCAPES, characterReference);
}
