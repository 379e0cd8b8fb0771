import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configCodes } from '../../src/config/codes.js';
import { checkAllowedHost } from '../../src/config/host-rules.js';
import { siteConfigSchema } from '../../src/config/schema.js';
import { assertReaching } from '../helpers/reach.js';

// IPv4 blocks that are not the public internet (IANA special-purpose registry), as plain numbers: the oracle the
// host rule (which uses WHATWG URL and net.BlockList) is checked against.
const PRIVATE_V4: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 8], // this network
  [0x0a000000, 8], // RFC 1918
  [0x64400000, 10], // shared address space (CGNAT; cloud metadata at 100.100.100.200)
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata at 169.254.169.254)
  [0xac100000, 12], // RFC 1918
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0a80000, 16], // RFC 1918
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];
const inBlock = (n: number, [base, bits]: readonly [number, number]) => (n >>> (32 - bits)) === (base >>> (32 - bits));
const isPrivate = (n: number) => PRIVATE_V4.some((b) => inBlock(n, b));

const privateV4 = fc
  .tuple(fc.constantFrom(...PRIVATE_V4), fc.nat())
  .map(([[base, bits], offset]) => (base + (offset % 2 ** (32 - bits))) >>> 0);
const publicV4 = fc.nat({ max: 0xffffffff }).filter((n) => !isPrivate(n));

const bytes = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const dotted = (n: number) => bytes(n).join('.');
const hex = (n: number) => `0x${n.toString(16)}`;
const octal = (n: number) => `0${n.toString(8)}`;

/** The ways WHATWG URL (and so browsers, fetch and the proxy) still read as the same IPv4 address. */
const notations = (n: number): string[] => {
  const [a, b, c, d] = bytes(n) as [number, number, number, number];
  return [
    dotted(n),
    String(n), // 2130706433
    hex(n), // 0x7f000001
    hex(n).toUpperCase().replace('0X', '0x'),
    octal(n), // 017700000001
    [a, b, c, d].map(hex).join('.'), // 0x7f.0x0.0x0.0x1
    [a, b, c, d].map(octal).join('.'), // 0177.00.00.01
    `${a}.${b}.${(c << 8) | d}`, // 127.0.1
    `${a}.${(b << 16) | (c << 8) | d}`, // 127.1
    `${hex(a)}.${(b << 16) | (c << 8) | d}`, // 0x7f.1
    `${dotted(n)}.`, // trailing dot
    `[::ffff:${dotted(n)}]`, // IPv4-mapped IPv6
    `::ffff:${dotted(n)}`,
  ];
};

describe('the host allowlists of the config', () => {
  it('refuse every private, loopback, link-local or reserved IPv4 address in the proxy list, in any notation', () => {
    assertReaching(
      fc.property(privateV4, fc.nat(), (n, pick) => {
        const forms = notations(n);
        const written = forms[pick % forms.length]!;
        const problem = checkAllowedHost(written, { refusePrivate: true });
        expect(problem?.code, `${written} (${dotted(n)}): ${problem?.message}`).toBe(configCodes.PRIVATE_HOST);
        expect(siteConfigSchema.safeParse({ proxyAllowedHosts: ['js.arcgis.com', written] }).success).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('accept public IPv4 addresses written plainly, and ask for that form otherwise', () => {
    assertReaching(
      fc.property(publicV4, fc.nat(), (n, pick) => {
        expect(checkAllowedHost(dotted(n), { refusePrivate: true })).toBeNull();
        const forms = notations(n).slice(1);
        const written = forms[pick % forms.length]!;
        const problem = checkAllowedHost(written, { refusePrivate: true });
        expect(problem?.code, written).toBe(configCodes.HOST_FORM);
        if (!written.includes(':')) expect(problem?.hint).toBe(`write it as \`${dotted(n)}\``);
      }),
      { numRuns: 1000 },
    );
  });

  it('accept public host names in either list, in any case', () => {
    const local = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/;
    assertReaching(
      fc.property(fc.mixedCase(fc.domain()).filter((d) => !local.test(d.toLowerCase())), (host) => {
        expect(checkAllowedHost(host, { refusePrivate: true })).toBeNull();
        expect(checkAllowedHost(host, { refusePrivate: false })).toBeNull();
      }),
    );
  });

  it('refuse names of the local machine or network in the proxy list', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    const localName = fc.oneof(
      fc.constantFrom('localhost', 'LOCALHOST', 'localhost.', 'metadata', 'metadata.google.internal', 'instance-data.ec2.internal', 'printer.local', 'nas.home.arpa'),
      label, // one label: resolved through the local search domains
      fc.tuple(label, fc.constantFrom('.localhost', '.local', '.internal', '.home.arpa', '.localdomain')).map(([l, s]) => l + s),
    );
    assertReaching(
      fc.property(localName, (host) => {
        expect(checkAllowedHost(host, { refusePrivate: true })?.code, host).toBe(configCodes.PRIVATE_HOST);
      }),
    );
    for (const ip of ['::1', '[::1]', '[::]', '[fe80::1]', '[fd00:ec2::254]', '[fc00::1]', '[::ffff:7f00:1]', '[64:ff9b::a9fe:a9fe]', '[ff02::1]']) {
      expect(checkAllowedHost(ip, { refusePrivate: true })?.code, ip).toBe(configCodes.PRIVATE_HOST);
    }
  });

  it('refuse wildcards, URLs, ports and paths in either list, saying which form is accepted', () => {
    const wildcard = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}*${b}`);
    assertReaching(
      fc.property(wildcard, fc.boolean(), (host, refusePrivate) => {
        const problem = checkAllowedHost(host, { refusePrivate });
        expect(problem?.code).toBe(configCodes.HOST_FORM);
        expect(problem?.hint).toContain('exact host name such as `docs.example.com`');
        expect(siteConfigSchema.safeParse({ allowedRedirectHosts: [host] }).success).toBe(false);
      }),
    );
    expect(checkAllowedHost('https://js.arcgis.com/', { refusePrivate: true })).toEqual({ code: configCodes.HOST_FORM, message: '`https://js.arcgis.com/` is a URL, not a host name', hint: 'write the host alone: `js.arcgis.com`' });
    for (const bad of ['js.arcgis.com:443', 'js.arcgis.com/path', 'user@js.arcgis.com', 'js arcgis.com', 'js_arcgis.com', '', 'example.com.']) {
      expect(checkAllowedHost(bad, { refusePrivate: false })?.code, bad).toBe(configCodes.HOST_FORM);
    }
  });
});
