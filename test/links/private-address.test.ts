import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipOfHost, nonPublicReason } from '../../src/util/private-address.js';
import { assertReaching } from '../helpers/reach.js';

// The rule, written out again here: the IPv4 blocks a link checker must not reach without --allow-private.
const PRIVATE_V4: Array<[number, number]> = [
  [0x00000000, 8], // unspecified, "this network"
  [0x0a000000, 8], // RFC 1918
  [0x64400000, 10], // CGNAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local
  [0xac100000, 12], // RFC 1918
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0a80000, 16], // RFC 1918
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];
const inBlock = (n: number, [base, bits]: [number, number]) => n >>> (32 - bits) === base >>> (32 - bits);
const isPrivateV4 = (n: number) => PRIVATE_V4.some((b) => inBlock(n, b));

const privateV4 = fc.constantFrom(...PRIVATE_V4).chain(([base, bits]) => fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((h) => (base | h) >>> 0));
const publicV4 = fc.integer({ min: 0, max: 2 ** 32 - 1 }).filter((n) => !isPrivateV4(n));

const bytes = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
/** The spellings of one IPv4 address that the WHATWG URL parser accepts for a host. */
const v4Spellings = (n: number): string[] => {
  const [a, b, c, d] = bytes(n) as [number, number, number, number];
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${n.toString(16)}`,
    `0X${n.toString(16).toUpperCase()}`,
    [a, b, c, d].map((x) => `0x${x.toString(16)}`).join('.'),
    [a, b, c, d].map((x) => `0${x.toString(8)}`).join('.'),
    `${a}.${(n & 0xffffff) >>> 0}`,
    `${a}.${b}.${(c << 8) | d}`,
    `0${a.toString(8)}.0x${b.toString(16)}.${c}.${d}`,
    `${a}.${b}.${c}.${d}.`,
  ];
};
/** A URL's host as docsgen sees it: what the WHATWG parser made of it. */
const hostOf = (spelling: string) => new URL(`http://${spelling}:8080/x`).hostname;
const judge = (spelling: string) => {
  const ip = ipOfHost(hostOf(spelling));
  expect(ip, spelling).not.toBeNull();
  return nonPublicReason(ip!);
};

const hextet = (min = 0, max = 0xffff) => fc.integer({ min, max });
const v6 = (first: fc.Arbitrary<number>, rest: number) => fc.tuple(first, fc.array(hextet(), { minLength: rest, maxLength: rest }));
const hex = (h: number[]) => h.map((x) => x.toString(16)).join(':');
/** Full, upper-case and zero-compressed spellings of an IPv6 address given as eight groups. */
const v6Spellings = (h: number[]): string[] => [`[${hex(h)}]`, `[${hex(h).toUpperCase()}]`, `[${h.map((x) => x.toString(16).padStart(4, '0')).join(':')}]`];

describe('nonPublicReason (the --allow-private rule)', () => {
  it('refuses every IPv4 address in a loopback, private, link-local, CGNAT, multicast or reserved block, however spelled', () => {
    assertReaching(
      fc.property(privateV4, (n) => {
        for (const s of v4Spellings(n)) expect(judge(s), s).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('allows every other IPv4 address, however spelled', () => {
    assertReaching(
      fc.property(publicV4, (n) => {
        for (const s of v4Spellings(n)) expect(judge(s), s).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses IPv6 loopback, unspecified, unique local, link-local, site-local and multicast addresses', () => {
    const ranges = fc.oneof(
      v6(hextet(0xfc00, 0xfdff), 7),
      v6(hextet(0xfe80, 0xfebf), 7),
      v6(hextet(0xfec0, 0xfeff), 7),
      v6(hextet(0xff00, 0xffff), 7),
    );
    assertReaching(
      fc.property(ranges, ([first, rest]) => {
        for (const s of v6Spellings([first, ...rest])) expect(judge(s), s).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
    for (const s of ['[::1]', '[::]', '[0:0:0:0:0:0:0:1]', '[0000::0001]']) expect(judge(s), s).not.toBeNull();
  });

  it('judges IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) by that address', () => {
    assertReaching(
      fc.property(fc.oneof(privateV4, publicV4), hextet(), (n, tail) => {
        const [a, b, c, d] = bytes(n) as [number, number, number, number];
        const hi = (n >>> 16).toString(16);
        const lo = (n & 0xffff).toString(16);
        const carriers = [`[::ffff:${a}.${b}.${c}.${d}]`, `[::ffff:${hi}:${lo}]`, `[0:0:0:0:0:ffff:${hi}:${lo}]`, `[64:ff9b::${a}.${b}.${c}.${d}]`, `[2002:${hi}:${lo}::${tail.toString(16)}]`];
        // ::a.b.c.d (IPv4-compatible, deprecated) is never public: its block holds :: and ::1 too
        if (n > 1) carriers.push(`[::${a}.${b}.${c}.${d}]`);
        for (const s of carriers) {
          if (isPrivateV4(n) || s.startsWith('[::') && !s.startsWith('[::ffff')) expect(judge(s), s).not.toBeNull();
          else expect(judge(s), s).toBeNull();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('allows global unicast IPv6 addresses (2000::/3 outside 6to4)', () => {
    assertReaching(
      fc.property(v6(hextet(0x2000, 0x3fff).filter((h) => h !== 0x2002), 7), ([first, rest]) => {
        for (const s of v6Spellings([first, ...rest])) expect(judge(s), s).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('names its reason, and leaves names (which are resolved first) alone', () => {
    expect(nonPublicReason('127.0.0.1')).toBe('loopback');
    expect(nonPublicReason('192.168.1.10')).toBe('private');
    expect(nonPublicReason('169.254.169.254')).toBe('link-local');
    expect(nonPublicReason('fe80::1')).toBe('link-local');
    expect(nonPublicReason('::ffff:10.0.0.1')).toBe('private');
    expect(nonPublicReason('8.8.8.8')).toBeNull();
    expect(nonPublicReason('2606:4700::1111')).toBeNull();
    for (const name of ['localhost', 'example.com', 'xn--caf-dma.example', '127.0.0.1.nip.io']) expect(ipOfHost(hostOf(name))).toBeNull();
  });
});
