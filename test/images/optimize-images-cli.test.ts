import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, runDocsgen } from '../helpers/cli.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function fixture(name: string): Promise<string> {
  const dir = await copyFixture(`images/${name}`);
  dirs.push(dir);
  return dir;
}

describe('docsgen optimize-images', () => {
  it('optimizes content/ into dist/public/documentation/static/<hash>/ and counts cache hits on the second run', async () => {
    const root = await fixture('basic-site');
    const first = await runDocsgen(['optimize-images', '--root', root]);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/^optimize-images: 7 images, 7 processed, 0 cached, 0 failed in \d+ ms → dist\/public\/documentation\/static \(max width 995 px, quality 50\)$/);
    // not a terminal: plain progress lines, no bar
    expect(first.stderr).toContain('images: 7/7');
    const outDir = path.join(root, 'dist/public/documentation/static');
    const written = (await readdir(outDir, { recursive: true })).filter((f) => /\.\w+$/.test(f)).sort();
    expect(written).toHaveLength(7);
    for (const file of written) expect(file).toMatch(/^[0-9a-f]{12}\/[\w-]+\.(png|jpg|svg|gif)$/);
    const big = written.find((f) => f.endsWith('photo-large.jpg'))!;
    expect(await sharp(path.join(outDir, big)).metadata()).toMatchObject({ format: 'jpeg', width: 995, height: 663 });

    // the same cache folder the build uses, one entry per raster image (SVGs are sanitized on every run)
    expect(await readdir(path.join(root, '.docsgen-cache/images'))).toHaveLength(6);

    const second = await runDocsgen(['optimize-images', '--root', root, '--json']);
    expect(second.exitCode).toBe(0);
    const json = JSON.parse(second.stdout);
    expect(json.ok).toBe(true);
    expect(json.stats).toMatchObject({ images: 7, processed: 1, cached: 6, failed: 0 });
    expect(json.outputs.images).toContainEqual(expect.objectContaining({ source: 'content/images/rotated.jpg', width: 200, height: 300 }));
  });

  it('honours --max-width, --quality, --in and --out', async () => {
    const root = await fixture('basic-site');
    const result = await runDocsgen(['optimize-images', '--root', root, '--in', 'content/images/small.jpg', '--out', 'thumbs', '--max-width', '320', '--quality', '70']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('1 images, 1 processed');
    const [file] = (await readdir(path.join(root, 'thumbs'), { recursive: true })).filter((f) => f.endsWith('.jpg'));
    expect(await sharp(path.join(root, 'thumbs', file!)).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('reports a corrupt image at the Markdown line that references it and exits 1', async () => {
    const root = await fixture('corrupt-image');
    const result = await runDocsgen(['optimize-images', '--root', root]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^content\/guide\.md:5:1 {2}error {2}DG6002 {2}image content\/images\/broken\.png is corrupt or not a PNG file \(.+\) {2}\(open it in an image editor and export it again, or replace it\)$/m);
    expect(result.stderr).toContain('content/images/truncated.jpg:1:1  error  DG6002  image content/images/truncated.jpg is corrupt or not a JPEG file (VipsJpeg: premature end of JPEG image)');
    expect(result.stderr).toContain('content/images/modern.webp:1:1  error  DG6003  image content/images/modern.webp is WEBP, a format docsgen does not publish');
    expect(result.stderr).toContain('✖ 3 errors');
    expect(result.stdout).toContain('4 images, 1 processed, 0 cached, 3 failed');
    // the good image is still published; no WebP is ever written
    const written = await readdir(path.join(root, 'dist/public/documentation/static'), { recursive: true });
    expect(written.filter((f) => f.endsWith('.png'))).toHaveLength(1);
    expect(written.filter((f) => /\.(webp|avif)$/.test(f))).toEqual([]);
  });

  it('optimizes the images of a site with a page nested too deep instead of crashing (issue 19)', async () => {
    const root = await copyFixture('build/good-site');
    dirs.push(root);
    await cp(path.join(repoRoot, 'fixtures/build/bad-inputs/quotes-nested-too-deep'), root, { recursive: true });
    const result = await runDocsgen(['optimize-images', '--root', root]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('1 images, 1 processed, 0 cached, 0 failed');
  });

  it('rejects a bad option value with exit 2', async () => {
    const result = await runDocsgen(['optimize-images', '--quality', '0']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("option '--quality <1-100>' argument '0' is invalid. expected a whole number from 1 to 100");
  });
});
