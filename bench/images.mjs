// Image pipeline throughput: `count` generated images (mixed PNG and JPEG, 700-1800 px wide, so most are above
// the 995 px cap) through optimizeImages, first with an empty cache, then again with the cache warm.
// Run alone with `node bench/images.mjs [count]` after `node scripts/compile.mjs`; `bench/run.mjs` imports it.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Deterministic drawing number `i`: gradients, shapes and text, like diagrams and screenshots in docs. */
function scene(i, width, height, transparent) {
  const shapes = [];
  for (let k = 0; k < 30; k++) {
    const x = (k * 131 + i * 17) % width, y = (k * 71 + i * 29) % height, r = 15 + ((k * 37 + i) % 120);
    shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(i * 47 + k * 29) % 360},65%,${35 + (k % 6) * 9}%)" fill-opacity="${transparent ? 0.5 : 0.9}"/>`);
    if (k % 3 === 0) shapes.push(`<rect x="${(x * 3) % width}" y="${(y * 5) % height}" width="${r * 2}" height="${r}" fill="hsl(${(k * 53) % 360},50%,50%)"/>`);
  }
  const bg = transparent ? '' : `<rect width="100%" height="100%" fill="url(#g)"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${(i * 13) % 360},60%,88%)"/><stop offset="1" stop-color="hsl(${(i * 13 + 90) % 360},55%,30%)"/></linearGradient></defs>` +
      `${bg}${shapes.join('')}<text x="24" y="${height - 40}" font-size="42" font-family="sans-serif">figure ${i}: ${width}x${height}</text></svg>`,
  );
}

/** Writes the images once into `dir` (kept between runs: generating them is not what is measured). */
async function generateImages(dir, count, log) {
  await mkdir(dir, { recursive: true });
  const marker = path.join(dir, `.complete-${count}`);
  const files = [];
  for (let i = 0; i < count; i++) {
    const png = i % 2 === 0;
    files.push(path.join(dir, `figure-${String(i).padStart(4, '0')}.${png ? 'png' : 'jpg'}`));
  }
  if (existsSync(marker)) return files;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const width = 700 + ((i * 211) % 1100); // 700..1799 px: about four in five above the cap
    const height = Math.round(width * (0.5 + ((i * 7) % 5) / 10));
    const img = sharp(scene(i, width, height, i % 4 === 0));
    await (i % 2 === 0 ? img.png() : img.jpeg({ quality: 88 })).toFile(files[i]);
  }
  await writeFile(marker, '');
  log?.(`generated ${count} images in ${Math.round(performance.now() - t0)} ms`);
  return files;
}

/** `{ images, firstRunPerSecond, cachedRunPerSecond, ... }` for `count` images (default 200). */
export async function run({ count = 200, workDir = path.join(REPO, 'bench/.work/images'), log = (m) => console.log(m) } = {}) {
  const { optimizeImages, describeImage } = await import(pathToFileURL(path.join(REPO, 'lib/images/index.js')).href);
  const sources = await generateImages(path.join(workDir, `sources-${count}`), count, log);
  const settings = { maxWidth: 995, quality: 50 };
  const images = await Promise.all(
    sources.map(async (source) => ({
      source,
      output: (await describeImage(source, { pathPrefix: '/documentation', ...settings })).output,
      references: [],
    })),
  );
  const outDir = path.join(workDir, 'out');
  const cacheDir = path.join(workDir, 'cache');
  await rm(cacheDir, { recursive: true, force: true });

  const timed = async () => {
    await rm(outDir, { recursive: true, force: true });
    const t0 = performance.now();
    const result = await optimizeImages({ images, outDir, cacheDir, ...settings });
    const ms = performance.now() - t0;
    if (result.diagnostics.length) throw new Error(`image bench: ${result.diagnostics[0].message}`);
    return { ms, stats: result.stats };
  };
  const first = await timed();
  const cached = await timed();
  if (cached.stats.cached !== images.length) throw new Error(`cached run re-encoded ${cached.stats.processed} images (was ${cacheDir} changed during the run?)`);
  const bytesIn = (await Promise.all(sources.map((f) => stat(f)))).reduce((s, x) => s + x.size, 0);
  let bytesOut = 0;
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytesOut += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  const perSecond = (ms) => Math.round((images.length / (ms / 1000)) * 10) / 10;
  return {
    images: images.length,
    firstRunPerSecond: perSecond(first.ms),
    cachedRunPerSecond: perSecond(cached.ms),
    firstRunMs: Math.round(first.ms),
    cachedRunMs: Math.round(cached.ms),
    bytesIn,
    bytesOut,
    cores: os.availableParallelism(),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 200);
  console.log(JSON.stringify(await run({ count }), null, 2));
}
