// Hostile rules for the exporter tests: what a careless or malicious YAML could hold, skipping validation.
import fc from 'fast-check';
import type { RedirectRule, RedirectStatus } from '../../src/redirects/index.js';

/** Builds a rule without going through the loader (exporters must be safe even on unvalidated input). */
export function rule(from: string, to: string, status: RedirectStatus = 301): RedirectRule {
  return { from, to, status, fromPath: from, toPath: to, isPermanent: status === 301 || status === 308, ignoreCase: true, redirectInBrowser: true, location: { file: 'redirects/x.yaml', line: 1, column: 3 } };
}

/** Handpicked hostile sources/targets: spaces, `;`, braces, quotes, newlines, `#`, `?`, unicode, percent-encoding. */
export const hostileRules: RedirectRule[] = [
  rule('/documentation/a b/', '/documentation/c d/'),
  rule('/documentation/x;return 200 "pwned";/', '/documentation/y/;rewrite ^ http://evil.example;'),
  rule('/documentation/{brace}/', '/documentation/}{/'),
  rule(`/documentation/"dq" 'sq' \`bt\`/`, `/documentation/"'\`/`),
  rule('/documentation/line\nbreak\r\n/', '/documentation/new\nline/'),
  rule('/documentation/#hash/', '/documentation/ok/ # comment 302'),
  rule('/documentation/q?x=1&y=2', '/documentation/ok/?a=$args'),
  rule('/documentation/café/ünïcödé/😀/', '/documentation/naïve/'),
  rule('/documentation/pct%2F%2e%2e%00/', '/documentation/%zz%4/'),
  rule('/documentation/$uri/${host}/', '/documentation/$request_uri/'),
  rule('/documentation/back\\slash/', '/\\evil.example/'),
  rule('/documentation/proto/', '//evil.example/'),
  rule('/documentation/js/', 'javascript:alert(1)'),
  rule('/documentation/../../etc/passwd', '/documentation/ok/'),
  rule('/documentation/splat/*', '/:splat'),
  rule('/documentation/:a b/:c/', '/documentation/:c/:a b/'),
  rule('/documentation/<script>alert(1)</script>/', '/documentation/</script><script>alert(2)</script>/'),
  rule('documentation/no-leading-slash', 'documentation/ok'),
  rule('/documentation/tab\there/', 'https://developers.arcgis.com/ x;/'),
  rule('/documentation/\u2028sep\u0000nul/', 'https://user:pw@evil.example:8080/'),
];

/** Any text, weighted towards characters that are special in some server format. */
export const nastyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom(' ', ';', '{', '}', '"', "'", '`', '\n', '\r', '\t', '#', '?', '&', '=', '%', '$', '\\', '/', ':', '*', '(', ')', '[', ']', '|', '^', '~', '!', '<', '>', '@', ',', '+', '.', '\u0000', '\u2028'),
    fc.constantFrom('a', 'B', 'z', '0', '-', '_'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** A hostile rule: a source under the prefix (or not), any target, any status. */
export const hostileRule = fc
  .record({
    from: fc.oneof(nastyString.map((s) => '/documentation/' + s), nastyString),
    to: fc.oneof(nastyString.map((s) => '/documentation/' + s), nastyString.map((s) => 'https://' + s), nastyString),
    status: fc.constantFrom<RedirectStatus>(301, 302, 307, 308),
  })
  .map((r) => rule(r.from, r.to, r.status));
