// Service-worker registration on plain HTTP (issue 22, item 4): the hosts the Secure Contexts spec calls
// potentially trustworthy, as the URL parser hands them to the page (location.hostname), register; every other
// host keeps the runtime's refusal. The browser tests (page-furniture.test.ts, runtime.test.ts) register on
// 127.0.0.1, [::1] and localhost and refuse docs.test; these properties cover every IPv4 and IPv6 address.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/client/service-worker.js';
import { assertReaching } from '../helpers/reach.js';

/** What `location.hostname` is for a page at http://<host>/. */
const hostname = (host: string) => new URL(`http://${host}/`).hostname;

describe('isLoopbackHost', () => {
  it('accepts an IPv4 address exactly when it is in 127.0.0.0/8, in any form the URL parser reads', () => {
    assertReaching(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constant(127)), fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }), fc.boolean(), (a, [b, c, d], short) => {
        // `127.1` and `2130706433` style forms reach the page in dotted decimal
        const written = short ? `${a}.${(b! << 16) + (c! << 8) + d!}` : `${a}.${b}.${c}.${d}`;
        expect(isLoopbackHost(hostname(written))).toBe(a === 127);
      }),
    );
  });

  it('accepts the IPv6 loopback however it is written, and no other IPv6 address', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    assertReaching(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.boolean(), (groups, loopback) => {
        const written = loopback ? ['0', '0', '0', '0', '0', '0', '0', '1'] : groups;
        const isLoopback = written.every((g, i) => parseInt(g, 16) === (i === 7 ? 1 : 0));
        expect(isLoopbackHost(hostname(`[${written.join(':')}]`))).toBe(isLoopback);
      }),
    );
    expect(isLoopbackHost(hostname('[::1]'))).toBe(true);
    // not ::1/128: Chromium's isSecureContext is false at http://[::ffff:127.0.0.1]/ too
    expect(isLoopbackHost(hostname('[::ffff:127.0.0.1]'))).toBe(false);
  });

  it('accepts localhost and names under .localhost, and refuses other names', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    assertReaching(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('localhost', 'LocalHost', 'localhost.', 'test', 'example.com', 'localhost.example'), (labels, tail) => {
        const name = [...labels, tail].join('.');
        expect(isLoopbackHost(hostname(name))).toBe(/^localhost\.?$/i.test(tail));
      }),
    );
    expect(isLoopbackHost(hostname('localhost'))).toBe(true);
    expect(isLoopbackHost(hostname('127.0.0.1.example'))).toBe(false);
  });
});
