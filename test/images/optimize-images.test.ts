import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeImage, ImageError, imageCodes, optimizeImages, type ImageJob } from '../../src/images/index.js';
import { hashBytes } from '../../src/cache/hash.js';
import { repoRoot } from '../helpers/cli.js';
import { jpegQuantTables } from './jpeg-tables.js';
import { basic, corrupt, jobsFor, settings } from './fixtures.js';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-images-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function allFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('describeImage', () => {
  it('caps a large image at 995 px keeping the aspect ratio, and names a hashed URL in the source format', async () => {
    const d = await describeImage(path.join(basic, 'alpha-large.png'), { pathPrefix: '/documentation', maxWidth: 995 });
    expect(d).toMatchObject({ width: 995, height: 560, format: 'png' });
    expect(d.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(d.url).toBe(`/documentation/static/${d.hash}/alpha-large.png`);
    expect(d.output).toBe(`documentation/static/${d.hash}/alpha-large.png`);
  });

  it('never upscales a small image', async () => {
    const d = await describeImage(path.join(basic, 'small.jpg'), { pathPrefix: '/documentation', maxWidth: 995 });
    expect(d).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
  });

  it('reports the displayed size of an EXIF-rotated photo (no layout shift)', async () => {
    const d = await describeImage(path.join(basic, 'rotated.jpg'), { pathPrefix: '/documentation', maxWidth: 995 });
    expect(d).toMatchObject({ width: 200, height: 300 });
  });

  it('describes an image from a known content hash exactly as from its bytes, and reads a copy only for its header', async () => {
    // copies in two folders, as docs keep them: with the hash known and one header read, the other is not read
    const dirA = path.join(tmp, 'known-a');
    const dirB = path.join(tmp, 'known-b');
    await mkdir(dirA, { recursive: true });
    await mkdir(dirB, { recursive: true });
    await copyFile(path.join(basic, 'alpha-large.png'), path.join(dirA, 'fig.png'));
    // the second copy is garbage on disk: were it read, its description would fail as corrupt
    await writeFile(path.join(dirB, 'fig.png'), 'not a png');
    const fromBytes = await describeImage(path.join(dirA, 'fig.png'), { pathPrefix: '/documentation', maxWidth: 995 });
    const asked: string[] = [];
    const contentHashOf = (file: string, size: number, mtimeMs: number) => {
      asked.push(file);
      return size > 0 && mtimeMs > 0 ? hashBytes(readFileSync(path.join(dirA, 'fig.png'))) : undefined;
    };
    const fromHash = await describeImage(path.join(dirB, 'fig.png'), { pathPrefix: '/documentation', maxWidth: 995, contentHashOf });
    expect(asked).toEqual([path.join(dirB, 'fig.png')]);
    expect(fromHash).toEqual(fromBytes);
  });

  it('changes the hash when a setting changes', async () => {
    const a = await describeImage(path.join(basic, 'small.jpg'), { pathPrefix: '/documentation', maxWidth: 995, quality: 50 });
    const b = await describeImage(path.join(basic, 'small.jpg'), { pathPrefix: '/documentation', maxWidth: 995, quality: 60 });
    expect(a.hash).not.toBe(b.hash);
  });

  it('throws ImageError with a code for missing, corrupt and unsupported files', async () => {
    const opts = { pathPrefix: '/documentation', maxWidth: 995, root: path.join(repoRoot, 'fixtures/images/corrupt-image') };
    await expect(describeImage(path.join(corrupt, 'nope.png'), opts)).rejects.toMatchObject({ code: imageCodes.IMAGE_MISSING, message: 'image content/images/nope.png does not exist' });
    const broken = await describeImage(path.join(corrupt, 'broken.png'), opts).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ImageError);
    expect(broken).toMatchObject({ code: 'DG6002' });
    expect((broken as Error).message).toMatch(/^image content\/images\/broken\.png is corrupt or not a PNG file \(/);
    await expect(describeImage(path.join(corrupt, 'modern.webp'), opts)).rejects.toMatchObject({ code: 'DG6003', message: 'image content/images/modern.webp is WEBP, a format docsgen does not publish' });
  });
});

describe('optimizeImages', () => {
  const names = ['alpha-large.png', 'photo-large.jpg', 'small.png', 'small.jpg', 'rotated.jpg', 'logo.svg', 'wide.gif'];

  it('writes every image in its own format at its output size, caches them, and a second run only copies', async () => {
    const outDir = path.join(tmp, 'out');
    const cacheDir = path.join(tmp, 'cache');
    const images = await jobsFor(basic, names);
    const progress: string[] = [];
    const first = await optimizeImages({ images, outDir, cacheDir, ...settings, onProgress: (d, t) => progress.push(`${d}/${t}`) });
    expect(first.diagnostics).toEqual([]);
    expect(first.stats).toMatchObject({ images: 7, processed: 7, cached: 0, failed: 0 });
    expect(progress.at(-1)).toBe('7/7');
    expect(first.outputs.written).toEqual(images.map((i) => i.output).sort());

    const expected: Record<string, [string, number, number]> = {
      'alpha-large.png': ['png', 995, 560],
      'photo-large.jpg': ['jpeg', 995, 663],
      'small.png': ['png', 400, 300],
      'small.jpg': ['jpeg', 640, 480],
      'rotated.jpg': ['jpeg', 200, 300],
      'logo.svg': ['svg', 1200, 400],
      'wide.gif': ['gif', 995, 181],
    };
    for (const job of images) {
      const meta = await sharp(path.join(outDir, job.output)).metadata();
      const [format, width, height] = expected[path.basename(job.source)]!;
      expect([meta.format, meta.width, meta.height], job.output).toEqual([format, width, height]);
      // metadata stripped: no EXIF (the fixture photo has a copyright tag), no orientation left to apply
      expect(meta.exif, job.output).toBeUndefined();
      expect(meta.orientation, job.output).toBeUndefined();
    }
    const files = await allFiles(tmp);
    expect(files.filter((f) => /\.(webp|avif)$/i.test(f))).toEqual([]);

    // the second run decodes nothing: every raster image comes from the cache, byte for byte the same (the SVG
    // is sanitized again, which costs less than a cache entry and repeats its report)
    const before = await Promise.all(images.map((job) => readFile(path.join(outDir, job.output))));
    await rm(outDir, { recursive: true });
    const second = await optimizeImages({ images, outDir, cacheDir, ...settings });
    expect(second.stats).toMatchObject({ images: 7, processed: 1, cached: 6, failed: 0 });
    const after = await Promise.all(images.map((job) => readFile(path.join(outDir, job.output))));
    expect(after.map((b, i) => b.equals(before[i]!))).toEqual(images.map(() => true));
  });

  it('keeps transparency in a PNG and quantizes it to a palette', async () => {
    const images = await jobsFor(basic, ['alpha-large.png']);
    const outDir = path.join(tmp, 'alpha');
    await optimizeImages({ images, outDir, cacheDir: path.join(tmp, 'cache-alpha'), ...settings });
    const file = path.join(outDir, images[0]!.output);
    const meta = await sharp(file).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.isPalette).toBe(true);
    // the fixture has fully transparent background and half-transparent shapes: both survive
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let clear = 0;
    let partial = 0;
    for (let i = info.channels - 1; i < data.length; i += info.channels) {
      if (data[i] === 0) clear++;
      else if (data[i]! < 255) partial++;
    }
    const pixels = info.width * info.height;
    expect(clear / pixels).toBeGreaterThan(0.05);
    expect(partial / pixels).toBeGreaterThan(0.05);
    expect((await stat(file)).size).toBeLessThan((await stat(path.join(basic, 'alpha-large.png'))).size);
  });

  it('encodes JPEG at quality 50: the quantization tables are those of q=50, not q=90', async () => {
    const images = await jobsFor(basic, ['photo-large.jpg']);
    const outDir = path.join(tmp, 'jpeg');
    await optimizeImages({ images, outDir, cacheDir: path.join(tmp, 'cache-jpeg'), ...settings });
    const ours = await readFile(path.join(outDir, images[0]!.output));
    const resized = sharp(path.join(basic, 'photo-large.jpg')).resize({ width: 995 });
    const q50 = await resized.clone().jpeg({ quality: 50, mozjpeg: true }).toBuffer();
    const q90 = await resized.clone().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    expect(jpegQuantTables(ours)).toEqual(jpegQuantTables(q50));
    expect(jpegQuantTables(ours)).not.toEqual(jpegQuantTables(q90));
    expect(ours.length).toBeLessThan(q90.length * 0.7);
  });

  it('reports a corrupt, a truncated, an unsupported and a missing image once each at the Markdown line, and writes the good one', async () => {
    const good = await jobsFor(corrupt, ['good.png']);
    const ref = (line: number) => ({ file: 'content/guide.md', line, column: 1 });
    const images: ImageJob[] = [
      ...good,
      { source: path.join(corrupt, 'broken.png'), output: 'documentation/static/x/broken.png', references: [ref(5), { file: 'content/other.md', line: 9, column: 3 }] },
      { source: path.join(corrupt, 'truncated.jpg'), output: 'documentation/static/y/truncated.jpg', references: [ref(7)] },
      { source: path.join(corrupt, 'modern.webp'), output: 'documentation/static/z/modern.webp', references: [ref(8)] },
      { source: path.join(corrupt, 'gone.png'), output: 'documentation/static/w/gone.png', references: [] },
    ];
    const outDir = path.join(tmp, 'corrupt-out');
    const result = await optimizeImages({ images, outDir, cacheDir: path.join(tmp, 'cache-corrupt'), ...settings, root: path.join(repoRoot, 'fixtures/images/corrupt-image') });
    expect(result.stats).toMatchObject({ images: 5, processed: 1, failed: 4 });
    const byCode = result.diagnostics.map((d) => [d.code, d.severity, `${d.location?.file}:${d.location?.line}:${d.location?.column}`]);
    expect(byCode).toEqual(
      expect.arrayContaining([
        ['DG6002', 'error', 'content/guide.md:5:1'],
        ['DG6002', 'error', 'content/guide.md:7:1'],
        ['DG6003', 'error', 'content/guide.md:8:1'],
        ['DG6001', 'error', 'content/images/gone.png:1:1'],
      ]),
    );
    expect(result.diagnostics).toHaveLength(4);
    const broken = result.diagnostics.find((d) => d.location?.line === 5)!;
    expect(broken.message).toMatch(/^image content\/images\/broken\.png is corrupt or not a PNG file/);
    expect(broken.hint).toContain('also referenced at content/other.md:9:3');
    const truncated = result.diagnostics.find((d) => d.location?.line === 7)!;
    expect(truncated.message).toBe('image content/images/truncated.jpg is corrupt or not a JPEG file (VipsJpeg: premature end of JPEG image)');
    // only the good image is written, nothing half-written for the broken ones
    expect((await allFiles(outDir)).map((f) => path.relative(outDir, f))).toEqual([good[0]!.output]);
  });
});
