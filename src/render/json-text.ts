// JSON text of an object some of whose values are already JSON text: a page's context (its article HTML and
// more, tens of kilobytes) goes into both its page-data file and its stored result, and is serialized once.

/**
 * `JSON.stringify(obj)` for a plain object, except that the values of the keys in `raw` are taken as the JSON
 * text given there. Keys keep their order; a key whose value is undefined is left out, as JSON.stringify does.
 */
export function stringifyWith(obj: Record<string, unknown>, raw: Readonly<Record<string, string>>): string {
  const parts: string[] = [];
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    const text = Object.hasOwn(raw, key) ? raw[key]! : JSON.stringify(value);
    parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
