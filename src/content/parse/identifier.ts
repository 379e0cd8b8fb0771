/**
 * The `identifier` mdast gives a reference label: whitespace collapsed, trimmed, case-folded the way
 * micromark-util-normalize-identifier does (lower(upper(x)), so `ẞ` and `SS` match), then lowercased.
 */
export function normalizeIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}
