// Two retry policies from the seed: immediate retries for page-data/app-data (3), and the data-fetching
// back-off that doubles from 1 s up to 30 s.
import { RUNTIME } from '../config/defaults.js';

/** The component library's debounce delays (seed section 9), for templates through `docsgen/runtime`. */
export { CALCITE_DEBOUNCE } from '../config/defaults.js';

/** What a request ended with; a network failure is status 0 (as XHR reports it), never a throw. */
export interface RawResponse {
  status: number;
  text: string;
}

const inFlight = new Map<string, Promise<RawResponse>>();

/**
 * GET (de-duplicated while in flight) or HEAD; resolves with status and body, status 0 on network failure.
 * `accept` is sent as the Accept header (an HTML document: the service worker caches it as a page).
 */
export function request(url: string, method: 'GET' | 'HEAD' = 'GET', accept?: string): Promise<RawResponse> {
  const key = `${method} ${url}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const p = fetch(url, { method, credentials: 'same-origin', ...(accept ? { headers: { Accept: accept } } : {}) })
    .then(async (res) => ({ status: res.status, text: method === 'HEAD' ? '' : await res.text() }))
    .catch(() => ({ status: 0, text: '' }))
    .finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number, start: number = RUNTIME.retryBackoffStartMs, max: number = RUNTIME.retryBackoffMaxMs): number {
  return Math.min(start * 2 ** attempt, max);
}

/** Fetches JSON, retrying failures after the doubling back-off; rejects with the last error. */
export async function fetchJsonWithBackoff<T>(url: string, retries = 3): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return (await res.json()) as T;
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((r) => setTimeout(r, backoffDelay(attempt)));
    }
  }
}
