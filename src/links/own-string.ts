/**
 * A copy of `s` that shares no memory with the string it was cut from. V8 keeps a slice of a string (what the
 * HTML parser hands out for every attribute) pointing into the whole original, so one href kept in a cache
 * would keep its whole page alive: 10,000 pages of HTML, 235 MB, in a link-check thread. Slicing a one-character
 * lead off a concatenation makes V8 flatten it into a fresh string first (a third the cost of a JSON round trip);
 * test/links/memory.test.ts holds it to that.
 */
export function ownString(s: string): string {
  return ` ${s}`.slice(1);
}
