import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.js';
import { swCodes, writeManifest } from '../../src/sw/index.js';
import { repoRoot } from '../helpers/cli.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-manifest-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('writeManifest', () => {
  it("writes the seed's manifest (display browser, background #F8F8F8, icons 192 and 512 px) from the sample site's icon", async () => {
    const config = siteConfigSchema.parse({});
    const publicDir = path.join(tmp, 'site');
    const result = await writeManifest({
      publicDir,
      pathPrefix: config.pathPrefix,
      name: config.siteName,
      shortName: config.shortName,
      iconSource: path.join(repoRoot, config.manifestIcon),
    });
    expect(result.diagnostics).toEqual([]);
    const manifest = JSON.parse(await readFile(path.join(publicDir, 'documentation/manifest.webmanifest'), 'utf8'));
    expect(manifest).toEqual({
      name: 'Documentation',
      short_name: 'Docs',
      start_url: '/documentation/',
      display: 'browser',
      background_color: '#F8F8F8',
      theme_color: '#F8F8F8',
      icons: [
        { src: '/documentation/icons/icon-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/documentation/icons/icon-512x512.png', sizes: '512x512', type: 'image/png' },
      ],
    });
    for (const size of [192, 512]) {
      const meta = await sharp(path.join(publicDir, `documentation/icons/icon-${size}x${size}.png`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('rasterizes an SVG source sharply and pads a non-square one', async () => {
    const publicDir = path.join(tmp, 'svg');
    const iconSource = path.join(repoRoot, 'fixtures/images/basic-site/content/images/logo.svg');
    const result = await writeManifest({ publicDir, pathPrefix: '/documentation', name: 'D', shortName: 'D', iconSource });
    expect(result.diagnostics).toEqual([]);
    const meta = await sharp(path.join(publicDir, 'documentation/icons/icon-512x512.png')).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([512, 512, true]);
  });

  it('reports a missing or corrupt icon source and writes no manifest; warns about a small one', async () => {
    const publicDir = path.join(tmp, 'bad');
    const base = { publicDir, pathPrefix: '/documentation', name: 'D', shortName: 'D', root: tmp };
    const missing = await writeManifest({ ...base, iconSource: path.join(tmp, 'nope.png') });
    expect(missing.diagnostics).toEqual([
      expect.objectContaining({ code: swCodes.MANIFEST_ICON_MISSING, severity: 'error', message: 'manifest icon nope.png does not exist' }),
    ]);
    await writeFile(path.join(tmp, 'broken.png'), 'not an image');
    const corrupt = await writeManifest({ ...base, iconSource: path.join(tmp, 'broken.png') });
    expect(corrupt.diagnostics).toEqual([
      expect.objectContaining({ code: 'DG7102', severity: 'error', location: { file: 'broken.png', line: 1, column: 1 } }),
    ]);
    expect(corrupt.diagnostics[0]!.message).toMatch(/^manifest icon broken\.png is not a readable image \(/);
    await expect(stat(path.join(publicDir, 'documentation/manifest.webmanifest'))).rejects.toThrow();

    const small = await writeManifest({ ...base, iconSource: path.join(repoRoot, 'fixtures/images/basic-site/content/images/small.png') });
    expect(small.diagnostics.map((d) => [d.code, d.severity])).toEqual([['DG7103', 'warning']]);
    expect(small.outputs.files).toHaveLength(3);
  });
});
