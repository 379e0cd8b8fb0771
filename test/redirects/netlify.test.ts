// The sample `_redirects`, read by Netlify's own published parser: not one rejected line, and the same rules as
// the JSON export.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllRedirects } from 'netlify-redirect-parser';
import { describe, expect, it } from 'vitest';
import { exportRedirects } from '../../src/redirects/index.js';
import { hostileRules, rule } from './hostile.js';
import { loadSampleRules } from './sample.js';

async function parse(text: string): Promise<{ redirects: Array<{ from: string; to: string; status?: number; force: boolean }>; errors: Error[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-netlify-'));
  try {
    await writeFile(path.join(dir, '_redirects'), text);
    return (await parseAllRedirects({ redirectsFiles: [path.join(dir, '_redirects')], minimal: true })) as never;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('_redirects through netlify-redirect-parser', () => {
  it('parses every sample line and yields the rules of the JSON export', async () => {
    const rules = await loadSampleRules();
    const { redirects, errors } = await parse(exportRedirects(rules, 'netlify'));
    expect(errors).toEqual([]);
    const json = JSON.parse(exportRedirects(rules, 'json')) as Array<{ fromPath: string; toPath: string; statusCode: number }>;
    const asJson = json.map((r) => ({ from: r.fromPath, to: r.toPath.replace(/:splat$/, ':splat'), status: r.statusCode }));
    const parsed = redirects.map((r) => ({ from: r.from, to: r.to, status: r.status }));
    // the file lists exact sources first, then patterns; the JSON keeps file order
    const key = (r: { from: string }) => r.from;
    expect([...parsed].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...asJson].sort((a, b) => key(a).localeCompare(key(b))));
    expect(parsed).toHaveLength(661);
    expect(redirects.every((r) => r.force === false)).toBe(true);
  });

  it('parses hostile input without a rejected line, one redirect per rule', async () => {
    const { redirects, errors } = await parse(exportRedirects(hostileRules, 'netlify'));
    expect(errors).toEqual([]);
    expect(redirects).toHaveLength(hostileRules.length);
  });

  // found by servers.property.test.ts: `%61` decoded to `a` turned the literal `::%61` into the placeholder `:a`
  it('keeps a literal colon-letter of a pattern target from reading as a placeholder', async () => {
    const { redirects, errors } = await parse(exportRedirects([rule('/documentation/old/:a/*', '/documentation/new/w::%61/:a/?x=:%73plat')], 'netlify'));
    expect(errors).toEqual([]);
    expect(redirects.map((r) => r.to)).toEqual(['/documentation/new/w::%61/:a/?x=:%73plat']);
    const vercel = JSON.parse(exportRedirects([rule('/documentation/old/:a/*', '/documentation/new/w::%61/:a/')], 'vercel')) as { redirects: Array<{ destination: string }> };
    expect(vercel.redirects[0]!.destination).toBe('/documentation/new/w::%61/:a/');
  });
});
