import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

  it('keeps the encoded icons by their source: the same bytes from the cache, new ones for a new source, a damaged one encoded again', async () => {
    const cacheDir = path.join(tmp, 'icon-cache');
    const source = path.join(tmp, 'icon-source.png');
    const icon = (color: string) => sharp({ create: { width: 512, height: 512, channels: 4, background: color } }).png().toBuffer();
    await writeFile(source, await icon('#3366cc'));
    const write = async (name: string) => {
      const publicDir = path.join(tmp, name);
      const result = await writeManifest({ publicDir, pathPrefix: '/documentation', name: 'Docs', shortName: 'Docs', iconSource: source, cacheDir });
      expect(result.diagnostics).toEqual([]);
      return Promise.all([192, 512].map((size) => readFile(path.join(publicDir, `documentation/icons/icon-${size}x${size}.png`))));
    };
    const first = await write('cached-1');
    const kept = (await readdir(cacheDir)).filter((f) => f.endsWith('.png'));
    expect(kept).toHaveLength(2);
    expect(await write('cached-2')).toEqual(first);
    // a damaged cache file is a miss: the icon is encoded again, with the same bytes
    const damaged = path.join(cacheDir, kept[0]!);
    const bytes = await readFile(damaged);
    bytes[bytes.length - 1] ^= 0xff;
    await writeFile(damaged, bytes);
    expect(await write('cached-3')).toEqual(first);
    // another source image: other icons, never the cached ones
    await writeFile(source, await icon('#cc3333'));
    const other = await write('cached-4');
    expect(other[0]!.equals(first[0]!)).toBe(false);
    const { dominant } = await sharp(other[0]!).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);
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
