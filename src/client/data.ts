// Data fetching for templates and widgets: one request per URL per page session, failures retried with the
// doubling back-off. Nothing refetches when the window regains focus (the seed turns that off).
import { fetchJsonWithBackoff } from './fetch-retry.js';

const cache = new Map<string, Promise<unknown>>();

/** Fetches JSON once per session (cached), retrying after 1 s, 2 s, 4 s … (≤ 30 s); a failure is not cached. */
export function fetchData<T = unknown>(url: string, options: { retries?: number } = {}): Promise<T> {
  let p = cache.get(url);
  if (!p) {
    p = fetchJsonWithBackoff<T>(url, options.retries ?? 3).catch((err: unknown) => {
      cache.delete(url);
      throw err;
    });
    cache.set(url, p);
  }
  return p as Promise<T>;
}
