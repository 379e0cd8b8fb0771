// The search index's figures (issue 23): at 4,000 pages, cold builds with search on and off in alternation (the
// difference is what indexing costs the build), the index step of a no-change rebuild and of a one-page edit; at
// 10,000 pages, in headless Chromium on `docsgen serve`, what the first query downloads (gzip) and how long after
// the last keystroke its results show. Run alone with `node bench/search.mjs [--quick] [--runs 2]` after
// `node scripts/compile.mjs`; `bench/run.mjs` imports run().
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** gzip level for the download figure: what a typical `gzip_comp_level`/CDN setting sends. */
const GZIP_LEVEL = 6;
/** Words a reader might look for in the bench corpus (its prose, headings, titles and code). */
const QUERIES = ['basemap', 'geocoding', 'feature layer', 'authentication', 'popup', 'renderer', 'graphic', 'spatial reference'];

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const secs = (ms) => (ms == null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const kb = (b) => `${(b / 1000).toFixed(1)} KB`;

/** GNU time gives the child's CPU time (user + system, worker threads included): steadier than wall on a busy machine. */
const GNU_TIME = '/usr/bin/time';

/** `docsgen build --json` on `dir`: wall ms, CPU ms (null without GNU time) and the build's stats. */
function build(dir, timeoutMs = 1_800_000) {
  const timeFile = path.join(os.tmpdir(), `docsgen-search-bench-${process.pid}-${trashed++}.time`);
  const argv = [process.execPath, path.join(REPO, 'bin', 'docsgen'), 'build', '--root', dir, '--json'];
  const [cmd, args] = existsSync(GNU_TIME) ? [GNU_TIME, ['-f', '%U %S', '-o', timeFile, ...argv]] : [argv[0], argv.slice(1)];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-8000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', async (code) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - start);
      const cpu = (await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n').at(-1).split(' ').map(Number);
      await rm(timeFile, { force: true });
      const cpuMs = cpu.length === 2 && cpu.every(Number.isFinite) ? Math.round((cpu[0] + cpu[1]) * 1000) : null;
      let summary = null;
      try {
        summary = JSON.parse(out.slice(out.indexOf('{')));
      } catch {}
      if (code !== 0 || !summary) reject(new Error(`docsgen build ${dir} exited ${code}\n${err.slice(-2000) || out.slice(-2000)}`));
      else resolve({ ms, cpuMs, stats: summary.stats });
    });
  });
}

let trashed = 0;
/** Moves an output aside (deleted at the end: a large delete slows the next build's file creation, see README). */
async function discard(workDir, p) {
  if (!existsSync(p)) return;
  await mkdir(path.join(workDir, 'trash'), { recursive: true });
  await rename(p, path.join(workDir, 'trash', `${process.pid}-${trashed++}`));
}

/** A corpus with the repo's templates (as bench/run.mjs builds it) and its config; `search` toggles the index. */
async function makeCorpus(dir, pages, seed, generateCorpus) {
  const corpus = await generateCorpus(dir, { pages, seed });
  await rm(path.join(dir, 'templates'), { recursive: true, force: true });
  await cp(path.join(REPO, 'templates'), path.join(dir, 'templates'), { recursive: true });
  const config = await readFile(path.join(dir, 'docsgen.config.yaml'), 'utf8');
  corpus.setSearch = (on) => writeFile(path.join(dir, 'docsgen.config.yaml'), on ? config : `${config}\nsearch: false\n`);
  return corpus;
}

/**
 * Time of pageTerms (the render thread's index work) over the corpus: each sampled page is compiled as the build
 * compiles it (untimed), then its terms are computed (timed); scaled to every page.
 */
async function termsFigure(dir, corpus) {
  const lib = (p) => import(pathToFileURL(path.join(REPO, 'lib', p)).href);
  const [{ compileMarkdown }, { pageTerms }] = await Promise.all([lib('content/index.js'), lib('search/index.js')]);
  const yaml = await readFile(path.join(dir, 'docsgen.config.yaml'), 'utf8');
  const variables = Object.fromEntries([...yaml.matchAll(/^ {2}(\w+): '([^']*)'$/gm)].map((m) => [m[1], m[2]]));
  const contentDir = path.join(dir, 'content');
  const step = Math.max(1, Math.floor(corpus.pageList.length / 400));
  let cpu = 0;
  let sampled = 0;
  for (let i = 0; i < corpus.pageList.length; i += step) {
    const rel = corpus.pageList[i].file;
    const file = path.join(contentDir, rel);
    const text = await readFile(file, 'utf8');
    const compiled = await compileMarkdown(text, file, rel, rel, { root: dir, contentDir, pathPrefix: '/documentation', variables, imageMaxWidth: 1600 });
    if (!compiled.searchText) continue;
    // CPU time, not wall: on a busy machine this process waits for a core most of the time
    const t0 = process.cpuUsage();
    pageTerms(corpus.pageList[i].title, compiled.searchText, 'en');
    const d = process.cpuUsage(t0);
    cpu += (d.user + d.system) / 1000;
    sampled++;
  }
  // the merge step's CPU, on the terms the last build kept in its cache
  const { mergeIndex } = await lib('search/merge.js');
  const text = await readFile(path.join(dir, '.docsgen-cache', 'search', 'pages.json'), 'utf8').catch(() => null);
  let mergeCpuMs = null;
  if (text) {
    const state = JSON.parse(text.slice(text.indexOf('{')));
    const entries = Object.entries(state.pages).map(([p, e]) => ({ path: p, title: e[1], section: e[2], terms: e[3] }));
    const t0 = process.cpuUsage();
    mergeIndex(entries, 'en');
    const d = process.cpuUsage(t0);
    mergeCpuMs = Math.round((d.user + d.system) / 1000);
  }
  return { totalMs: Math.round((cpu / sampled) * corpus.pageList.length), sampled, mergeCpuMs, oneEdit: text ? await oneEditStep(dir, text) : null };
}

/**
 * The index step of a one-page edit, in this process on a copy of the build's cache: every page noted from the
 * cache but one, whose terms changed, then `write` (merge, files, cache). CPU time besides wall: the machine is busy.
 */
async function oneEditStep(dir, text) {
  const { SearchIndex } = await import(pathToFileURL(path.join(REPO, 'lib', 'search', 'index.js')).href);
  const state = JSON.parse(text.slice(text.indexOf('{')));
  const tmp = await mkdtemp(path.join(dir, 'edit-step-'));
  try {
    await cp(path.join(dir, '.docsgen-cache', 'search'), path.join(tmp, 'cache', 'search'), { recursive: true });
    const prev = path.join(dir, 'dist', 'public', 'documentation');
    const paths = Object.keys(state.pages);
    const edited = paths[Math.floor(paths.length / 2)];
    const t0 = process.cpuUsage();
    const w0 = performance.now();
    const index = await SearchIndex.open(path.join(tmp, 'cache'), state.lang);
    for (const p of paths) {
      const [key, title, section, terms] = state.pages[p];
      const task = { pagePath: p, title, frontmatter: {}, breadcrumbs: section ? section.split(' › ').map((t) => ({ title: t })) : [] };
      if (p === edited) await index.note(task, `${key}-edited`, `${terms} wombat 50`);
      else await index.note(task, key, null);
    }
    const { stats } = await index.write(path.join(tmp, 'site'), prev);
    const d = process.cpuUsage(t0);
    return { cpuMs: Math.round((d.user + d.system) / 1000), wallMs: Math.round(performance.now() - w0), indexed: stats['search.indexed'], merged: stats['search.merged'] };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Index cost at `pages`: cold builds on/off alternating, then no-change and one-edit rebuilds with search on. */
async function buildFigures(opts, pages, runs, log) {
  const dir = path.join(opts.workDir, `corpus-${pages}`);
  const corpus = await makeCorpus(dir, pages, opts.seed, opts.generateCorpus);
  const cold = { on: [], off: [], onCpu: [], offCpu: [], step: [] };
  for (let r = 0; r < runs; r++) {
    // alternate who goes first: machine noise and disk-cache warmth fall on both sides
    for (const on of r % 2 === 0 ? [true, false] : [false, true]) {
      await corpus.setSearch(on);
      await discard(opts.workDir, path.join(dir, 'dist'));
      await discard(opts.workDir, path.join(dir, '.docsgen-cache'));
      const b = await build(dir);
      cold[on ? 'on' : 'off'].push(b.ms);
      cold[on ? 'onCpu' : 'offCpu'].push(b.cpuMs);
      if (on) cold.step.push(b.stats['ms.search'] ?? 0);
      log(`run ${r + 1}/${runs}  cold, search ${on ? 'on ' : 'off'}  ${secs(b.ms)}, CPU ${secs(b.cpuMs)}${on ? `  (index step ${b.stats['ms.search']} ms, ${b.stats['search.indexed']} pages scored)` : ''}`);
    }
  }
  // an odd run count ends on a build without search: the rebuilds start from one with it
  await corpus.setSearch(true);
  if (runs % 2 === 1) await build(dir);
  const noChange = await build(dir);
  const file = path.join(dir, corpus.editPage.file);
  const original = await readFile(file, 'utf8');
  await appendFile(file, '\nBench edit: the wombat setting keeps the popup open.\n');
  let edit;
  try {
    edit = await build(dir);
  } finally {
    await writeFile(file, original);
  }
  const on = median(cold.on);
  const off = median(cold.off);
  const onCpu = median(cold.onCpu);
  const offCpu = median(cold.offCpu);
  const terms = await termsFigure(dir, corpus);
  const indexCpu = terms.totalMs + (terms.mergeCpuMs ?? 0);
  const f = {
    pages: corpus.pages,
    runs,
    coldOnMs: on,
    coldOffMs: off,
    indexCostMs: on - off,
    indexShare: Math.round(((on - off) / on) * 1000) / 1000,
    indexStepMs: median(cold.step),
    indexStepShare: Math.round((median(cold.step) / on) * 1000) / 1000,
    coldOnCpuMs: onCpu,
    coldOffCpuMs: offCpu,
    indexCpuShare: onCpu && offCpu ? Math.round(((onCpu - offCpu) / onCpu) * 1000) / 1000 : null,
    termsCpuMs: terms.totalMs,
    termsSampled: terms.sampled,
    mergeCpuMs: terms.mergeCpuMs,
    oneEditStepAlone: terms.oneEdit,
    // the index's own CPU: scoring every page (render threads) plus merging the terms (main thread)
    indexCpuMs: indexCpu,
    indexCpuShareOfBuildCpu: onCpu ? Math.round((indexCpu / onCpu) * 1000) / 1000 : null,
    raw: cold,
    noChange: { ms: noChange.ms, upToDate: noChange.stats.upToDate ?? 0, indexed: noChange.stats['search.indexed'] ?? 0, merged: noChange.stats['search.merged'] ?? 0, indexStepMs: noChange.stats['ms.search'] ?? 0 },
    oneEdit: { ms: edit.ms, indexed: edit.stats['search.indexed'] ?? 0, merged: edit.stats['search.merged'] ?? 0, indexStepMs: edit.stats['ms.search'] ?? 0 },
  };
  const pct = (x) => (x == null ? 'n/a' : `${(x * 100).toFixed(1)} %`);
  log(`cold with search ${secs(on)} (CPU ${secs(onCpu)}), without ${secs(off)} (CPU ${secs(offCpu)}): difference ${pct(f.indexShare)} of wall, ${pct(f.indexCpuShare)} of CPU (medians of ${runs}; noisy on a busy machine)`);
  log(`index CPU: scoring the pages ${secs(f.termsCpuMs)} (pageTerms CPU on ${terms.sampled} compiled pages, scaled to all) + merging ${secs(f.mergeCpuMs)} = ${secs(f.indexCpuMs)}: ${pct(f.indexCpuShareOfBuildCpu)} of the cold build's CPU (goal ≤ 20 %); the index step's wall ${secs(f.indexStepMs)} = ${pct(f.indexStepShare)} of the build's wall`);
  log(`no-change rebuild: ${f.noChange.indexed} pages scored, ${f.noChange.merged} merges, index step ${f.noChange.indexStepMs} ms${f.noChange.upToDate ? ' (build up to date: no step ran)' : ''} (goal 0)`);
  log(`one-page edit: ${f.oneEdit.indexed} page scored, index step ${f.oneEdit.indexStepMs} ms (goal ≤ 1 s), whole rebuild ${secs(f.oneEdit.ms)}`);
  if (terms.oneEdit) log(`one-page edit's index step alone, in this process: ${terms.oneEdit.cpuMs} ms CPU, ${terms.oneEdit.wallMs} ms wall`);
  return f;
}

/** Total files and bytes (raw and gzip) of the index folder. */
async function indexSize(dir) {
  let files = 0;
  let bytes = 0;
  let gz = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const data = await readFile(path.join(e.parentPath ?? e.path, e.name));
    files++;
    bytes += data.length;
    gz += gzipSync(data, { level: GZIP_LEVEL }).length;
  }
  return { files, bytes, gzipBytes: gz };
}

/** `docsgen serve --port 0 --json` on the built site; resolves with its URL and a stop function. */
async function serve(dir) {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'docsgen'), 'serve', '--root', dir, '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`docsgen serve exited ${code}`)));
  });
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  return { url: JSON.parse(line).url, stop };
}

/** One query as a reader types it in a fresh tab: bytes fetched after the dialog opened, and when results showed. */
async function firstQuery(browser, url, page0, query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url + page0.replace(/^\//, ''));
  await page.waitForFunction(() => typeof window.___docsgenRuntime?.search === 'function');
  const fetched = [];
  page.on('response', (res) => fetched.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b, { level: GZIP_LEVEL }).length, raw: b.length }), () => null)));
  await page.keyboard.press('Control+k');
  await page.locator('.search-dialog[open] input').waitFor();
  const timing = async (q) => {
    await page.evaluate(() => {
      const w = window;
      w.__benchLastKey = 0;
      w.__benchShown = 0;
      w.__benchExcerpt = 0;
      // the resource timing buffer (250 entries by default) may be full from the page's own load
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(2000);
      document.addEventListener('keydown', () => ((w.__benchLastKey = performance.now()), (w.__benchShown = 0), (w.__benchExcerpt = 0)), true);
      new MutationObserver(() => {
        if (!w.__benchShown && document.querySelector('.search-hit, .search-note')) w.__benchShown = performance.now();
        if (!w.__benchExcerpt && document.querySelector('.search-hit-excerpt, .search-note')) w.__benchExcerpt = performance.now();
      }).observe(document.querySelector('.search-dialog'), { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.type(q);
    await page.waitForFunction(() => window.__benchShown > 0 && window.__benchExcerpt > 0, null, { timeout: 60_000 });
    return page.evaluate(() => {
      const last = window.__benchLastKey;
      const debounce = window.___docsgenRuntime.searchDebounceMs;
      // where the time after the debounce went: the last index file, the last page-data (excerpts) received
      const ends = (re) => Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.startTime >= last && re.test(e.name)).map((e) => e.responseEnd - last - debounce));
      return { ms: window.__benchShown - last, excerptMs: window.__benchExcerpt - last, hits: document.querySelectorAll('.search-hit').length, debounce, indexDoneMs: Math.round(ends(/\/search\//)), pageDataDoneMs: Math.round(ends(/\/page-data\//)) };
    });
  };
  const first = await timing(query);
  await new Promise((r) => setTimeout(r, 300));
  const got = (await Promise.all(fetched)).filter(Boolean);
  const sum = (re) => got.filter((g) => re.test(new URL(g.url).pathname)).reduce((a, g) => ({ gz: a.gz + g.gz, files: a.files + 1 }), { gz: 0, files: 0 });
  // a second query in the same tab: its shards may be new, the manifest and code are not
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  const second = await timing(QUERIES[(QUERIES.indexOf(query) + 3) % QUERIES.length]);
  await context.close();
  return { query, ms: Math.round(first.ms), excerptMs: Math.round(first.excerptMs), debounceMs: first.debounce, hits: first.hits, indexDoneMs: first.indexDoneMs, pageDataDoneMs: first.pageDataDoneMs, secondMs: Math.round(second.ms), index: sum(/\/search\//), pageData: sum(/\/page-data\//), code: sum(/\.js$/) };
}

/** First-query figures at `pages` in Chromium. */
async function queryFigures(opts, pages, log) {
  const dir = path.join(opts.workDir, `corpus-${pages}`);
  const corpus = await makeCorpus(dir, pages, opts.seed, opts.generateCorpus);
  await discard(opts.workDir, path.join(dir, 'dist'));
  await discard(opts.workDir, path.join(dir, '.docsgen-cache'));
  const b = await build(dir);
  const size = await indexSize(path.join(dir, 'dist', 'public', 'documentation', 'search'));
  log(`${corpus.pages} pages built in ${secs(b.ms)}; index ${size.files} files, ${kb(size.bytes)} (${kb(size.gzipBytes)} gzip)`);
  const { chromium } = await import('playwright-core');
  const server = await serve(dir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const leaf = corpus.pageList.find((p) => p.url.split('/').length > 4) ?? corpus.pageList[1];
  const runs = [];
  try {
    for (const q of opts.quick ? QUERIES.slice(0, 2) : QUERIES) {
      const r = await firstQuery(browser, server.url, leaf.url, q);
      runs.push(r);
      log(`"${q}": ${r.hits} hits, shown ${r.ms} ms after the last key (debounce ${r.debounceMs} ms: ${r.ms - r.debounceMs} ms after it, excerpts ${r.excerptMs - r.debounceMs} ms after it; last index file in at ${r.indexDoneMs} ms, last page-data at ${r.pageDataDoneMs} ms); index ${r.index.files} files ${kb(r.index.gz)} gzip, page-data ${r.pageData.files} files ${kb(r.pageData.gz)}, code ${kb(r.code.gz)}; a second query ${r.secondMs} ms`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const f = {
    pages: corpus.pages,
    index: size,
    queries: runs,
    firstQueryIndexGzipMax: Math.max(...runs.map((r) => r.index.gz)),
    firstQueryIndexGzipMedian: median(runs.map((r) => r.index.gz)),
    firstQueryAllGzipMedian: median(runs.map((r) => r.index.gz + r.pageData.gz + r.code.gz)),
    shownAfterLastKeyMsMedian: median(runs.map((r) => r.ms)),
    shownAfterDebounceMsMedian: median(runs.map((r) => r.ms - r.debounceMs)),
    excerptsAfterDebounceMsMedian: median(runs.map((r) => r.excerptMs - r.debounceMs)),
    shownAfterDebounceMsMax: Math.max(...runs.map((r) => r.ms - r.debounceMs)),
    indexDoneAfterDebounceMsMedian: median(runs.map((r) => r.indexDoneMs)),
    pageDataDoneAfterDebounceMsMedian: median(runs.map((r) => r.pageDataDoneMs)),
    secondQueryAfterDebounceMsMedian: median(runs.map((r) => r.secondMs - r.debounceMs)),
  };
  log(`first query downloads ${kb(f.firstQueryIndexGzipMedian)} of index (median; max ${kb(f.firstQueryIndexGzipMax)}; goal ≤ 300 KB), ${kb(f.firstQueryAllGzipMedian)} with page-data and the search code`);
  log(`results show ${f.shownAfterLastKeyMsMedian} ms after the last key, ${f.shownAfterDebounceMsMedian} ms after the debounce (median; max ${f.shownAfterDebounceMsMax}; goal ≤ 100 ms), their excerpts ${f.excerptsAfterDebounceMsMedian} ms after it; a second query ${f.secondQueryAfterDebounceMsMedian} ms after it`);
  log(`after the debounce, the index files are in by ${f.indexDoneAfterDebounceMsMedian} ms and the page-data for excerpts by ${f.pageDataDoneAfterDebounceMsMedian} ms (medians)`);
  return f;
}

/** The bench module's entry (see bench/README.md, "Other bench modules"). */
export async function run(opts) {
  const log = opts.log ?? ((l) => console.log(`  ${l}`));
  try {
    const parts = opts.parts ?? ['build', 'query'];
    const build4k = parts.includes('build') ? await buildFigures(opts, opts.quick ? 200 : 4000, Math.min(opts.runs ?? 2, opts.quick ? 1 : 3), log) : null;
    // `terms` alone: the CPU figures of scoring and merging, on the 4,000-page corpus a `build` part left
    if (parts.includes('terms') && !build4k) {
      const pages = opts.quick ? 200 : 4000;
      const dir = path.join(opts.workDir, `corpus-${pages}`);
      const t = await termsFigure(dir, await makeCorpus(dir, pages, opts.seed, opts.generateCorpus));
      log(`index CPU at ${pages} pages: scoring ${secs(t.totalMs)} (pageTerms on ${t.sampled} compiled pages, scaled) + merging ${secs(t.mergeCpuMs)}`);
      if (t.oneEdit) log(`one-page edit's index step alone: ${t.oneEdit.cpuMs} ms CPU, ${t.oneEdit.wallMs} ms wall (${t.oneEdit.indexed} page scored, ${t.oneEdit.merged} merge; goal ≤ 1 s)`);
      return { terms: t };
    }
    const query10k = parts.includes('query') ? await queryFigures(opts, opts.quick ? 300 : 10000, log) : null;
    return { build: build4k, query: query10k };
  } finally {
    await rm(path.join(opts.workDir, 'trash'), { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // --parts build,query: the 4,000-page build figures, the 10,000-page query figures, or both (default); `terms`
  // alone re-times only the CPU of scoring and merging on the corpus a `build` part left
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' }, parts: { type: 'string', default: 'build,query' }, seed: { type: 'string', default: 'docsgen-bench' } } });
  const { generateCorpus } = await import(pathToFileURL(path.join(REPO, 'bench', 'corpus.mjs')).href);
  const workDir = path.join(REPO, 'bench', '.work', 'search');
  await mkdir(workDir, { recursive: true });
  const figures = await run({ repoRoot: REPO, workDir, quick: values.quick, runs: Number(values.runs), parts: values.parts.split(','), seed: values.seed, generateCorpus, log: (l) => console.log(`  ${l}`) });
  const out = path.join(workDir, `figures-${values.parts.replace(',', '-')}.json`);
  await writeFile(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures in ${path.relative(REPO, out)}`);
}
