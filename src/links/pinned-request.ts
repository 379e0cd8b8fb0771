import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ipOfHost, nonPublicReason } from '../util/private-address.js';

/** An address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Who may be connected to, and how names are resolved (injected by tests). */
export interface AddressPolicy {
  /** Also connect to loopback, private and link-local addresses (`--allow-private`). */
  allowPrivate: boolean;
  /** Every address of a name (default: the system resolver, as the OS would connect). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Why an address is not public, or null (default: nonPublicReason). */
  classify?: (ip: string) => string | null;
}

/** A request that was not sent because its host is (or resolves to) an address that is not public. */
export class RefusedAddressError extends Error {
  constructor(
    readonly url: string,
    readonly hop: number,
    readonly address: string,
    readonly reason: string,
  ) {
    const host = new URL(url).hostname;
    super(`${ipOfHost(host) !== null ? address : `${host} resolves to ${address}`}, a ${reason} address`);
    this.name = 'RefusedAddressError';
  }
}

/** The answer to a request, after its redirects. */
export interface PinnedResponse {
  status: number;
  retryAfter: string | null;
  /** True when a hop went to an address that is not public (only possible with allowPrivate). */
  private: boolean;
}

/** Agents shared by the requests of one run (keep-alive), destroyed by `close`. */
export interface Agents {
  http: http.Agent;
  https: https.Agent;
  close(): void;
}

/** Keep-alive agents for one run of external checks. */
export function createAgents(): Agents {
  const a = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return { ...a, close: () => (a.http.destroy(), a.https.destroy()) };
}

const MAX_REDIRECTS = 10;

/**
 * Requests a URL and follows its redirects itself, so that every hop's host is resolved once, each of its
 * addresses checked against the policy, and the connection made to the very address that was checked (a
 * `lookup` that returns it): a name cannot resolve to a public address for the check and to 127.0.0.1 for the
 * connection (DNS rebinding), and a public URL that redirects to a private one is refused at that hop.
 */
export async function requestPinned(url: string, method: 'HEAD' | 'GET', signal: AbortSignal, policy: AddressPolicy, agents: Agents): Promise<PinnedResponse> {
  const classify = policy.classify ?? nonPublicReason;
  let current = new URL(url);
  let touchedPrivate = false;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new Error(`redirected to ${current.href}, not an http(s) URL`);
    const literal = ipOfHost(current.hostname);
    const addresses = literal ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }] : await untilAborted((policy.lookup ?? lookupAll)(current.hostname), signal);
    if (addresses.length === 0) throw Object.assign(new Error(`${current.hostname} has no address`), { code: 'ENOTFOUND' });
    for (const a of addresses) {
      const reason = classify(a.address);
      if (reason === null) continue;
      if (!policy.allowPrivate) throw new RefusedAddressError(current.href, hop, a.address, reason);
      touchedPrivate = true;
    }
    const res = await send(current, method, signal, addresses, agents);
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && location) {
      if (hop + 1 > MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      current = new URL(location, current);
      continue;
    }
    const retryAfter = res.headers['retry-after'];
    return { status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, private: touchedPrivate };
  }
}

/** The promise's value, or the signal's reason once it aborts first (the request's timeout covers resolving too). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function lookupAll(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** One HTTP exchange with the connection pinned to the checked addresses `to`; the body is not read. */
function send(url: URL, method: string, signal: AbortSignal, to: ResolvedAddress[], agents: Agents): Promise<http.IncomingMessage> {
  // net.connect asks for one address, or for all when it tries both families (happy eyeballs): only checked ones
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, to);
    else callback(null, to[0]!.address, to[0]!.family);
  };
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      { method, signal, lookup: pinned, agent: secure ? agents.https : agents.http, headers: { 'user-agent': 'docsgen-check-links', accept: 'text/html,*/*;q=0.8' } },
      (res) => {
        // the body is not needed: drop it (a GET's body may be large; HEAD has none and keeps its connection)
        if (method === 'HEAD') res.resume();
        else res.destroy();
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
