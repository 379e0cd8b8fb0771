import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXTERNAL_MAX_RETRY_AFTER_MS } from './limits.js';
import { createAgents, RefusedAddressError, requestPinned, type AddressPolicy, type Agents, type PinnedResponse } from './pinned-request.js';

/** How an external URL answered. */
export interface ExternalResult {
  ok: boolean;
  /** Final HTTP status, when there was an answer. */
  status?: number;
  /** Why there was no usable answer (timeout, refused connection, too many redirects). */
  error?: string;
  /** Requests made (0 when the cache answered). */
  attempts: number;
  /** Why no request was sent: the host is or resolves to an address that is not public (without allowPrivate). */
  refused?: string;
  /** A hop of the answer came from an address that is not public (allowed by allowPrivate). */
  private?: boolean;
}

/** Knobs of the external check; the resolver and `sleep` come in as parameters so tests can see every request. */
export interface ExternalOptions extends AddressPolicy {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  concurrency: number;
  perHost: number;
  /** JSON file of good results from earlier runs; null for no cache. */
  cacheFile: string | null;
  cacheMaxAgeMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface CacheData {
  version: 1;
  /** `private`: the answer came from an address that is not public: trusted only by runs that allow those. */
  entries: Record<string, { status: number; checkedAt: number; private?: boolean }>;
}

/**
 * Checks URLs over the network: at most `perHost` requests to one host and `concurrency` in total,
 * HEAD first (GET when the server refuses HEAD), retries with doubling back-off on timeouts, 429 and 5xx,
 * honouring Retry-After. Good answers are cached between runs; failures are always tried again.
 */
export async function checkExternalUrls(urls: readonly string[], opts: ExternalOptions): Promise<{ results: Map<string, ExternalResult>; cacheError?: string }> {
  const now = opts.now ?? Date.now;
  const results = new Map<string, ExternalResult>();
  const cache = opts.cacheFile ? await readCache(opts.cacheFile) : { version: 1 as const, entries: {} };
  const byHost = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    const hit = cache.entries[url];
    if (hit && now() - hit.checkedAt < opts.cacheMaxAgeMs && (!hit.private || opts.allowPrivate)) {
      results.set(url, { ok: true, status: hit.status, attempts: 0 });
      continue;
    }
    const host = new URL(url).host;
    const list = byHost.get(host);
    if (list) list.push(url);
    else byHost.set(host, [url]);
  }

  const limit = createLimiter(opts.concurrency);
  const agents = createAgents();
  await Promise.all(
    [...byHost.values()].flatMap((queue) =>
      Array.from({ length: Math.min(opts.perHost, queue.length) }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const u = url;
          results.set(u, await limit(() => checkOne(u, opts, agents)));
        }
      }),
    ),
  ).finally(() => agents.close());

  let cacheError: string | undefined;
  if (opts.cacheFile) {
    const t = now();
    for (const [url, r] of results) {
      if (r.ok && r.attempts > 0) cache.entries[url] = { status: r.status ?? 200, checkedAt: t, ...(r.private ? { private: true } : {}) };
      else if (!r.ok) delete cache.entries[url];
    }
    for (const [url, e] of Object.entries(cache.entries)) if (t - e.checkedAt >= opts.cacheMaxAgeMs) delete cache.entries[url];
    try {
      await writeCache(opts.cacheFile, cache);
    } catch (err) {
      cacheError = (err as Error).message;
    }
  }
  return { results, cacheError };
}

async function checkOne(url: string, opts: ExternalOptions, agents: Agents): Promise<ExternalResult> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: ExternalResult = { ok: false, attempts: 0 };
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    let wait = opts.backoffMs * 2 ** attempt;
    try {
      let res = await request(url, 'HEAD', opts, agents);
      // some servers refuse or mishandle HEAD: ask again the way a browser does
      if (res.status === 405 || res.status === 501 || res.status === 403 || res.status === 400) {
        res = await request(url, 'GET', opts, agents);
      }
      last = { ok: res.status >= 200 && res.status < 300, status: res.status, attempts: attempt + 1, ...(res.private ? { private: true } : {}) };
      if (last.ok) return last;
      if (res.status !== 429 && res.status < 500) return last;
      const retryAfter = parseRetryAfter(res.retryAfter, Date.now());
      if (retryAfter !== null) {
        if (retryAfter > EXTERNAL_MAX_RETRY_AFTER_MS) return last;
        wait = retryAfter;
      }
    } catch (err) {
      // nothing was sent, and asking again would be refused again
      if (err instanceof RefusedAddressError) return { ok: false, refused: describeRefusal(err), attempts: attempt };
      last = { ok: false, error: describeFetchError(err, opts.timeoutMs), attempts: attempt + 1 };
    }
    if (attempt < opts.retries) await sleep(wait);
  }
  return last;
}

function request(url: string, method: 'HEAD' | 'GET', opts: ExternalOptions, agents: Agents): Promise<PinnedResponse> {
  return requestPinned(url, method, AbortSignal.timeout(opts.timeoutMs), opts, agents);
}

function describeRefusal(err: RefusedAddressError): string {
  return err.hop === 0 ? err.message : `it redirects to ${err.url}, and ${err.message}`;
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  if (e?.code) return e.code;
  const cause = e?.cause;
  if (cause?.code) return cause.code;
  return cause?.message ?? e?.message ?? String(err);
}

function createLimiter(max: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (fn) => {
    // a freed slot passes straight to the next waiter, so the count never overshoots
    if (active >= max) await new Promise<void>((r) => waiting.push(r));
    else active++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

async function readCache(file: string): Promise<CacheData> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as CacheData;
    if (data?.version === 1 && data.entries && typeof data.entries === 'object') return data;
  } catch {
    // no cache yet, or a damaged one: start afresh
  }
  return { version: 1, entries: {} };
}

async function writeCache(file: string, data: CacheData): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // write then rename so a run stopped half-way never leaves a damaged cache
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(data));
  await rename(tmp, file);
}
