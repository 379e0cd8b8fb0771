// Which IP addresses are not the public internet: the link checker refuses to connect to them and the config
// refuses them as proxy hosts (both would let a page or a request reach the machine or its network).
import { isIPv4, isIPv6 } from 'node:net';

// IPv4 blocks that are not the public internet: [first address, prefix length, what it is].
const V4_BLOCKS: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (shared, CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V4 = V4_BLOCKS.map(([ip, bits, what]) => ({ base: v4Number(ip), mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0, what }));

/**
 * Why a link checker must not connect to an IP address, or null when it is a public one: loopback, private
 * (RFC 1918, CGNAT 100.64/10, IPv6 unique local fc00::/7), link-local (169.254/16, fe80::/10), unspecified,
 * multicast and reserved blocks; IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that address, and the deprecated `::a.b.c.d` is never public. Takes the address as the
 * WHATWG URL parser leaves a host (see ipOfHost), so decimal, hex and octal spellings are already normalised.
 */
export function nonPublicReason(ip: string): string | null {
  if (isIPv4(ip)) return v4Reason(v4Number(ip));
  if (!isIPv6(ip)) return null;
  const h = v6Hextets(ip);
  const embedded = (hi: number, lo: number) => v4Reason(((h[hi]! << 16) | h[lo]!) >>> 0);
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && h[7] === 1) return 'loopback';
  if (zeros(0, 5) && h[5] === 0xffff) return embedded(6, 7);
  // IPv4-compatible `::a.b.c.d`: deprecated (RFC 4291), routed nowhere public
  if (zeros(0, 6)) return embedded(6, 7) ?? 'reserved (IPv4-compatible)';
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return embedded(6, 7);
  if (h[0] === 0x64 && h[1] === 0xff9b && h[2] === 1) return 'private (local NAT64)';
  if (h[0] === 0x2002) return embedded(1, 2);
  if ((h[0]! & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((h[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((h[0]! & 0xffc0) === 0xfec0) return 'private (site-local)';
  if ((h[0]! & 0xff00) === 0xff00) return 'multicast';
  if (h[0] === 0x100 && zeros(1, 4)) return 'reserved (discard)';
  return null;
}

/** The IP address a URL's hostname is (IPv6 without its brackets), or null when it is a name to resolve. */
export function ipOfHost(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIPv4(bare) || isIPv6(bare) ? bare : null;
}

function v4Reason(n: number): string | null {
  for (const b of V4) if (((n & b.mask) >>> 0) === b.base) return b.what;
  return null;
}

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function v6Hextets(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((x) => parseInt(x, 16));
}
