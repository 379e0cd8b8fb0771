/**
 * A copy of `s` that shares no memory with the string it was cut from. V8 keeps a slice of a string (what the
 * HTML parser hands out for every attribute) pointing into the whole original, so one href kept in a cache
 * would keep its whole page alive: 10,000 pages of HTML, 235 MB, in a link-check thread.
 */
export function ownString(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}
