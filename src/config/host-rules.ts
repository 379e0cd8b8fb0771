// The rule for the host allowlists of the config (`allowedRedirectHosts`, `proxyAllowedHosts`): each entry is one
// exact host name, as the redirect validator and the nginx maps compare it; the proxy's may not reach the
// machine it runs on or its network (it would fetch for anyone: an SSRF vector).
import { isIPv6 } from 'node:net';
import { ipOfHost, nonPublicReason } from '../util/private-address.js';
import { configCodes } from './codes.js';

/** A host entry the config refuses: which code, what is wrong and what to write instead. */
export interface HostProblem {
  code: (typeof configCodes)['PRIVATE_HOST' | 'HOST_FORM'];
  message: string;
  hint: string;
}

// The same host syntax the redirect validator and the nginx proxy maps accept (LDH labels, or a dotted IPv4).
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const FORMS = 'an exact host name such as `docs.example.com`, without scheme, port, path or wildcard; a host does not cover its subdomains';

// Names that resolve on the local machine or network, never on the public internet (RFC 6761, 6762, 8375;
// `.internal` holds the metadata hosts of Google Cloud and EC2).
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/**
 * The host as a browser or `fetch` would read it (lower case, IDNA, and IPv4 in any notation — `2130706433`,
 * `0x7f.1`, `0177.0.0.1` — as dotted decimal), or null when it is no host at all.
 */
export function normalizeHost(host: string): string | null {
  try {
    const { hostname, port, pathname, search, hash, username } = new URL(`https://${host}/`);
    if (port || pathname !== '/' || search || hash || username) return null;
    return hostname;
  } catch {
    return null;
  }
}

/** Why a (normalized) host is not on the public internet, e.g. "a loopback address"; null for a public host. */
export function privateHostReason(hostname: string): string | null {
  const ip = ipOfHost(hostname);
  if (ip !== null) {
    const reason = nonPublicReason(ip);
    return reason === null ? null : `a ${reason} address`;
  }
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost') return 'a loopback address';
  if (LOCAL_SUFFIXES.some((s) => name.endsWith(s))) return `a name of the local network (\`${LOCAL_SUFFIXES.find((s) => name.endsWith(s))}\`)`;
  if (!name.includes('.')) return 'a name without a dot, which resolves on the local network (like `metadata`)';
  return null;
}

/**
 * Checks one entry of a host allowlist; `refusePrivate` also refuses hosts that are not on the public internet.
 * Returns null for an accepted entry.
 */
export function checkAllowedHost(entry: string, opts: { refusePrivate: boolean }): HostProblem | null {
  const form = (message: string, hint = `write ${FORMS}`): HostProblem => ({ code: configCodes.HOST_FORM, message, hint });
  if (entry.includes('*')) return form(`\`${entry}\` is a wildcard, and wildcards are not supported`, `list each host as ${FORMS}`);
  // `https://example.com/` written for `example.com`: say which host was meant
  const asUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? safeHostname(entry) : null;
  const host = asUrl ?? normalizeHost(isIPv6(entry) ? `[${entry}]` : entry);
  if (host === null) return form(`\`${entry}\` is not a host name`);
  if (opts.refusePrivate) {
    const reason = privateHostReason(host);
    if (reason) {
      const shown = host === entry.toLowerCase() ? `\`${entry}\`` : `\`${entry}\` (\`${host}\`)`;
      return { code: configCodes.PRIVATE_HOST, message: `${shown} is ${reason}: the proxy would fetch from the server's own network for anyone who asks`, hint: 'list only the public hosts whose scripts the site loads, such as `cdn.example.com`' };
    }
  }
  if (asUrl !== null) return form(`\`${entry}\` is a URL, not a host name`, `write the host alone: \`${host}\``);
  if (host !== entry.toLowerCase()) return form(`\`${entry}\` is not written as a host name`, `write it as \`${host}\``);
  if (!HOST.test(host)) return form(`\`${entry}\` is not a host name`);
  return null;
}

function safeHostname(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
