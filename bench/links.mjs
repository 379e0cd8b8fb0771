// Link-checker benchmark: generates N interlinked docs-like pages (deterministic), times `checkLinks` on them and,
// when installed, the established JavaScript checker linkinator on the same pages (crawling them over its own local
// server with fragment checks on and external links skipped, as close to our work as it allows; stopped after
// `compareTimeoutMs`, 20 minutes by default). linkinator runs only on sizes up to `compareMaxPages` (2,000 by
// default): on 10,000 pages it crawled for over 10 minutes and then failed, twice.
// Run alone with `node bench/links.mjs [--sizes 2000,10000] [--no-compare]` after `node scripts/compile.mjs`;
// `npm run bench` calls run().
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../scripts/mulberry32.mjs';

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SECTIONS = ['maps', 'routing', 'geocoding', 'places', 'elevation', 'data-hosting', 'security', 'spatial-analysis', 'mapping-apis', 'sdks'];
/** One link in this many pages is broken on purpose, so the run proves it still finds problems. */
const BROKEN_EVERY = 500;

const pagePath = (i) => `/documentation/${SECTIONS[i % SECTIONS.length]}/topic-${i}/`;
const headingIds = (i) => ['overview', 'prerequisites', `step-${i % 7}`, 'code', 'parameters', 'response', 'errors', 'next-steps'];
const LOREM = 'Use the service to display basemap layers, query features and geocode addresses in your application. '.repeat(3);

function renderPage(i, n, rand) {
  const nav = SECTIONS.map((s) => `<li><a href="/documentation/${s}/">${s}</a></li>`).join('');
  const body = [];
  for (const [h, id] of headingIds(i).entries()) {
    body.push(`<h2 id="${id}">Heading ${h}</h2>`, `<p>${LOREM}</p>`);
    for (let k = 0; k < 2; k++) {
      const j = Math.floor(rand() * n);
      const frag = rand() < 0.3 ? `#${headingIds(j)[Math.floor(rand() * 8)]}` : '';
      body.push(`<p>See <a href="${pagePath(j)}${frag}">topic ${j}</a> for details.</p>`);
    }
  }
  body.push(`<p><a href="../topic-${i}/#overview">relative link</a> <a href="#code">same-page anchor</a> <a href="https://developers.arcgis.com/rest/">REST</a></p>`);
  if (i % BROKEN_EVERY === 0) body.push(`<p><a href="/documentation/does-not-exist-${i}/">broken</a></p>`);
  const img = i % 20;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"><title>Topic ${i} | Esri Developer</title>
<link rel="stylesheet" href="/documentation/styles-abc123.css">
<link rel="icon" href="/documentation/favicon.ico">
<link rel="canonical" href="${pagePath(i)}">
<script src="/documentation/app-abc123.js" defer></script>
</head>
<body>
<header><a href="/documentation/">Home</a><nav><ul>${nav}</ul></nav></header>
<main>
<h1 id="top-heading">Topic ${i}</h1>
${body.join('\n')}
<img src="/documentation/images/diagram-${img}.png" srcset="/documentation/images/diagram-${img}.png 1x, /documentation/images/diagram-${img}@2x.png 2x" alt="diagram" width="650" height="400" loading="lazy">
<img src="/documentation/images/icon-${i % 5}.svg" alt="">
</main>
<footer><a href="/documentation/terms/">Terms</a> <a href="/documentation/privacy/">Privacy</a> <a href="https://community.esri.com/">Community</a> <a href="mailto:docs@example.com">Contact</a></footer>
</body>
</html>
`;
}

/** Writes N pages (plus the home, section, footer pages and assets they link to) under `root/public`. */
export async function generateSite(root, n, seed = 42) {
  const rand = mulberry32(seed + n);
  const pub = path.join(root, 'public');
  const doc = path.join(pub, 'documentation');
  const write = async (rel, text) => {
    const file = path.join(doc, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  };
  const simple = (title, links) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1 id="top-heading">${title}</h1>${links}</body></html>`;
  await write('index.html', simple('Home', SECTIONS.map((s) => `<a href="/documentation/${s}/">${s}</a>`).join(' ')));
  // linkinator crawls from the web root
  await writeFile(path.join(pub, 'index.html'), simple('Root', '<a href="/documentation/">docs</a>'));
  for (const s of SECTIONS) {
    const children = [];
    for (let i = SECTIONS.indexOf(s); i < n; i += SECTIONS.length) children.push(`<a href="${pagePath(i)}">${i}</a>`);
    await write(`${s}/index.html`, simple(s, children.join(' ')));
  }
  for (const p of ['terms', 'privacy']) await write(`${p}/index.html`, simple(p, ''));
  for (const f of ['styles-abc123.css', 'app-abc123.js', 'favicon.ico']) await write(f, 'x');
  for (let k = 0; k < 20; k++) {
    await write(`images/diagram-${k}.png`, 'png');
    await write(`images/diagram-${k}@2x.png`, 'png');
  }
  for (let k = 0; k < 5; k++) await write(`images/icon-${k}.svg`, '<svg/>');
  const batch = 200;
  for (let start = 0; start < n; start += batch) {
    const jobs = [];
    for (let i = start; i < Math.min(n, start + batch); i++) jobs.push(write(`${pagePath(i).slice('/documentation/'.length)}index.html`, renderPage(i, n, rand)));
    await Promise.all(jobs);
  }
  return { dir: pub, pages: n + 1 + SECTIONS.length + 2 + 1, broken: Math.ceil(n / BROKEN_EVERY) };
}

async function timeDocsgen(dir) {
  const { checkLinks } = await import(pathToFileURL(path.join(REPO, 'lib/links/index.js')).href);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await checkLinks({ dir, cwd: dir });
  const ms = performance.now() - t0;
  // CPU time of every thread: steadier than wall time on a shared machine
  const cpu = process.cpuUsage(cpu0);
  return { ms: Math.round(ms), cpuMs: Math.round((cpu.user + cpu.system) / 1000), pages: result.outputs.pages, links: result.outputs.links, problems: result.outputs.problems.length };
}

// linkinator runs in its own process: a fresh process like ours, and one that can be stopped when it runs too long
const LINKINATOR_SCRIPT = `
const { check } = await import('linkinator');
const t0 = performance.now();
const result = await check({
  path: process.argv[1],
  recurse: true,
  checkFragments: true,
  linksToSkip: ['^https?://(?!localhost|127\\\\.0\\\\.0\\\\.1)', '^mailto:'],
});
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms: Math.round(ms), links: result.links.length, broken: result.links.filter((l) => l.state === 'BROKEN').length }));
`;

/** Times linkinator on the same pages (fragments checked, external links skipped: no internet here); null when not installed. */
async function timeLinkinator(dir, timeoutMs) {
  try {
    await import('linkinator');
  } catch {
    return null;
  }
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    const t0 = performance.now();
    execFile(process.execPath, ['--input-type=module', '-e', LINKINATOR_SCRIPT, dir], { cwd: REPO, timeout: timeoutMs, maxBuffer: 1 << 26 }, (err, stdout) => {
      if (err) return resolve({ ms: Math.round(performance.now() - t0), timedOut: Boolean(err.killed), error: err.killed ? undefined : String(err.message).split('\n')[0] });
      resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

/** Generates each size, checks it, and returns `{ [N]: { pagesPerSecond, ms, ... } }` (linkinator's figures beside). */
export async function run({ sizes, quick = false, compare = true, compareTimeoutMs = 20 * 60_000, compareMaxPages = 2000, workDir, log = console.log } = {}) {
  const list = sizes ?? (quick ? [500] : [2000, 10000]);
  const out = {};
  for (const n of list) {
    const root = await mkdtemp(path.join(workDir ?? os.tmpdir(), `docsgen-links-bench-${n}-`));
    try {
      const site = await generateSite(root, n);
      const ours = await timeDocsgen(site.dir);
      if (ours.problems !== site.broken) throw new Error(`expected ${site.broken} broken links on ${n} pages, checkLinks found ${ours.problems}`);
      const entry = { pagesPerSecond: Math.round((ours.pages / ours.ms) * 1000), ms: ours.ms, cpuMs: ours.cpuMs, pages: ours.pages, links: ours.links, problems: ours.problems, threads: os.availableParallelism() };
      log(`links ${n}: docsgen checkLinks ${ours.ms} ms (${ours.cpuMs} ms CPU), ${entry.pagesPerSecond} pages/s, ${ours.links} links, ${ours.problems} problems`);
      if (compare && n > compareMaxPages) {
        log(`links ${n}: linkinator not run above ${compareMaxPages} pages (on 10,000 it crawled for over 10 minutes, then failed)`);
      } else if (compare) {
        const other = await timeLinkinator(site.dir, compareTimeoutMs);
        if (other?.timedOut || other?.error) {
          entry.linkinator = other;
          log(`links ${n}: linkinator ${other.timedOut ? `did not finish within ${compareTimeoutMs} ms` : `failed: ${other.error}`}`);
        } else if (other) {
          entry.linkinator = { ms: other.ms, pagesPerSecond: Math.round((ours.pages / other.ms) * 1000), links: other.links, broken: other.broken };
          log(`links ${n}: linkinator ${other.ms} ms, ${entry.linkinator.pagesPerSecond} pages/s, ${other.links} links, ${other.broken} broken (${(other.ms / ours.ms).toFixed(1)}x docsgen's time)`);
        }
      }
      out[n] = entry;
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'no-compare': { type: 'boolean', default: false } } });
  const sizes = values.sizes ? values.sizes.split(',').map(Number) : undefined;
  console.log(JSON.stringify(await run({ sizes, compare: !values['no-compare'] }), null, 2));
}
