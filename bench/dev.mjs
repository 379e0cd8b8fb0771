// Save→browser latency of `docsgen dev`: the real CLI (`docsgen dev --port 0 --json`) runs on a temporary copy of
// the sample site and of a generated corpus; headless Chromium shows one page; each run writes that page's Markdown
// with one more unique sentence appended and measures until the page in the browser shows the sentence. A title
// edit (the navigation of other pages changes) and a template edit are measured once each. The dev server's own
// build-done events give the build time, pages rendered/cached and the time per build step.
// Run alone with `node bench/dev.mjs [--pages 1000] [--runs 5] [--sites sample,corpus] [--gap 300] [--docsgen <bin>]` after
// `node scripts/compile.mjs`; `bench/run.mjs` imports run().
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The sample site's page the runs edit (a leaf page with a nav entry of its own). */
const SAMPLE_PAGE = { file: 'content/glossary/basemap.md', url: '/glossary/basemap/' };
/** The template the template edit touches: the one leaf pages render with. */
const TEMPLATE_FILE = 'templates/doc.tsx';
/** One edit must reach the browser within this (a cold 1,000-page first build is not part of it). */
const EDIT_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 900_000;

// In every document the tab loads: once `sessionStorage.__benchWant` names a sentence (or a build number), report
// through the binding as soon as the page shows it, on load or after any DOM change (a client that re-renders in
// place without reloading is measured too).
const WATCH_SCRIPT = `(() => {
  const buildOf = () => {
    const s = document.querySelector('script[data-docsgen-dev]');
    const m = s && /const BUILD = (\\d+)/.exec(s.textContent);
    return m ? Number(m[1]) : 0;
  };
  let queued = false;
  const check = () => {
    queued = false;
    const raw = sessionStorage.getItem('__benchWant');
    if (!raw || !document.body) return;
    const want = JSON.parse(raw);
    const ok = want.text ? document.body.innerText.includes(want.text) : buildOf() >= want.build;
    if (!ok) return;
    sessionStorage.removeItem('__benchWant');
    window.__benchSeen(want.id, buildOf());
  };
  const start = () => {
    check();
    new MutationObserver(() => {
      if (!queued) { queued = true; requestAnimationFrame(check); }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();`;

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  if (!s.length) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
};
const summary = (xs) => (xs.length ? { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) } : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `docsgen dev --port 0 --json` in `dir`; resolves when it printed its URL (after the first build). */
async function startDev(dir, { log, docsgen = path.join(REPO, 'bin', 'docsgen'), timeoutMs = START_TIMEOUT_MS }) {
  const child = spawn(process.execPath, [docsgen, 'dev', '--port', '0', '--host', '127.0.0.1', '--json'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' },
  });
  const events = [];
  const waiters = new Set();
  let stderr = '';
  let exited = null;
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-16_384)));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    let e;
    try {
      e = JSON.parse(line);
    } catch {
      return;
    }
    e.at = performance.now();
    events.push(e);
    for (const w of [...waiters]) w();
  });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    for (const w of [...waiters]) w();
  });
  /** Resolves with the first event from index `from` on that matches `pred`. */
  const waitFor = (pred, from = 0, ms = EDIT_TIMEOUT_MS) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`docsgen dev: no matching event within ${ms} ms\n${stderr}`)), ms);
      const done = (err, value) => {
        clearTimeout(timer);
        waiters.delete(poll);
        err ? reject(err) : resolve(value);
      };
      const poll = () => {
        const hit = events.slice(from).find(pred);
        if (hit) return done(null, hit);
        if (exited) done(new Error(`docsgen dev exited (${exited.code ?? exited.signal})\n${stderr}`));
      };
      waiters.add(poll);
      poll();
    });
  const t0 = performance.now();
  const ready = await waitFor((e) => e.type === 'ready', 0, timeoutMs).catch(async (err) => {
    child.kill('SIGTERM');
    throw err;
  });
  const first = events.find((e) => e.type === 'build-done');
  log(`dev server up in ${Math.round(performance.now() - t0)} ms (first build ${first?.ms ?? '?'} ms, ${first?.stats.pages ?? '?'} pages) at ${ready.url}`);
  return {
    url: ready.url,
    events,
    waitFor,
    firstBuild: first ? { ms: first.ms, stats: first.stats } : null,
    async stop() {
      if (exited) return exited;
      const gone = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await gone;
      clearTimeout(timer);
      return result;
    },
  };
}

/** The per-step times of a build's stats (`ms.<step>`), without the prefix. */
const stepsOf = (stats) => Object.fromEntries(Object.entries(stats).filter(([k]) => k.startsWith('ms.')).map(([k, v]) => [k.slice(3), v]));

/**
 * One edit: `write()` at t0, then waits until the tab reports `want` (a sentence shown, or a build number reached).
 * Returns the latency and the dev server's build of that change, split into detect (save → build start, includes
 * the watcher and the debounce), build (the server's own figure) and reload (build done → page shows it).
 */
async function measureEdit(server, page, seen, { id, want, write }) {
  await page.evaluate((w) => sessionStorage.setItem('__benchWant', JSON.stringify(w)), { id, ...want });
  const from = server.events.length;
  const shown = seen(id);
  const t0 = performance.now();
  await write();
  const t1 = await shown;
  const done = await server.waitFor((e) => e.type === 'build-done' || e.type === 'build-failed', from);
  if (done.type === 'build-failed') throw new Error(`the build after ${id} failed: ${JSON.stringify(done.diagnostics).slice(0, 500)}`);
  const start = server.events.slice(from).find((e) => e.type === 'build-start');
  // a Markdown save the dev server shows before its build (a preview): detect and reload count from that
  const preview = server.events.slice(from).find((e) => e.type === 'preview' && e.at <= t1) ?? null;
  const shownBy = preview ?? done;
  const builds = server.events.slice(from).filter((e) => e.type === 'build-done').length;
  return {
    ms: Math.round(t1 - t0),
    detectMs: start ? Math.round(start.at - t0) : null,
    previewMs: preview ? Math.round(preview.at - t0) : null,
    buildMs: done.ms,
    // the build wrote what the preview showed (no second reload)
    confirmed: done.shown === true,
    reloadMs: Math.round(t1 - shownBy.at),
    builds,
    rendered: done.stats.rendered,
    cached: done.stats.cached,
    steps: stepsOf(done.stats),
  };
}

/** Measures one project folder: `runs` Markdown edits of `target`, then one title edit and one template edit. */
async function measureSite(name, dir, target, { runs, gapMs, browser, log, docsgen }) {
  const server = await startDev(dir, { log, docsgen });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending = new Map();
    await page.exposeFunction('__benchSeen', (id) => {
      const at = performance.now();
      pending.get(id)?.(at);
      pending.delete(id);
    });
    const seen = (id) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: ${id} did not reach the browser within ${EDIT_TIMEOUT_MS} ms`)), EDIT_TIMEOUT_MS);
        pending.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    await page.addInitScript(WATCH_SCRIPT);
    const pageUrl = server.url + target.url.replace(/^\//, '');
    const res = await page.goto(pageUrl, { waitUntil: 'load' });
    if (!res || res.status() !== 200) throw new Error(`${name}: ${pageUrl} answered ${res?.status()}`);
    await sleep(500);

    const file = path.join(dir, target.file);
    const original = await readFile(file, 'utf8');
    let text = original;
    const markdown = [];
    for (let i = 1; i <= runs; i++) {
      const sentence = `Bench edit ${i} saved at ${Date.now().toString(36)} shows here.`;
      text = `${text.trimEnd()}\n\n${sentence}\n`;
      const body = text;
      const r = await measureEdit(server, page, seen, { id: `markdown-${i}`, want: { text: sentence }, write: () => writeFile(file, body) });
      markdown.push(r);
      const how = r.previewMs !== null ? `preview at ${r.previewMs}, reload ${r.reloadMs}; then build ${r.buildMs}` : `detect ${r.detectMs}, build ${r.buildMs}, reload ${r.reloadMs}`;
      log(`${name} markdown edit ${i}/${runs}: ${r.ms} ms in the browser (${how}; ${r.rendered} rendered, ${r.cached} from the cache)`);
      await page.waitForLoadState('load');
      // a writer's pause between saves: work the dev server leaves for after the reload (removing the previous
      // output) falls into the next save's build when this is short
      await sleep(gapMs);
    }

    // a new title shows in the page's heading and in the navigation of other pages, which re-render too
    const title = `Bench Title ${Date.now().toString(36)}`;
    const titled = text.replace(/^title: .*$/m, `title: ${title}`);
    if (titled === text) throw new Error(`${name}: ${target.file} has no title line`);
    const titleEdit = await measureEdit(server, page, seen, { id: 'title', want: { text: title }, write: () => writeFile(file, titled) });
    log(`${name} title edit: ${titleEdit.ms} ms in the browser (build ${titleEdit.buildMs}; ${titleEdit.rendered} rendered, ${titleEdit.cached} from the cache)`);
    await page.waitForLoadState('load');
    await sleep(300);

    // a template edit that changes no output byte: measured until the tab shows the new build
    const templateFile = path.join(dir, TEMPLATE_FILE);
    let templateEdit = null;
    if (existsSync(templateFile)) {
      const build = await page.evaluate(() => Number(/const BUILD = (\d+)/.exec(document.querySelector('script[data-docsgen-dev]')?.textContent ?? '')?.[1] ?? 0));
      const source = await readFile(templateFile, 'utf8');
      templateEdit = await measureEdit(server, page, seen, {
        id: 'template',
        want: { build: build + 1 },
        write: () => writeFile(templateFile, `${source.trimEnd()}\n// bench edit ${Date.now()}\n`),
      });
      log(`${name} template edit: ${templateEdit.ms} ms in the browser (build ${templateEdit.buildMs}; ${templateEdit.rendered} rendered, ${templateEdit.cached} from the cache)`);
    }

    const ms = markdown.map((r) => r.ms);
    const stepNames = Object.keys(markdown[0]?.steps ?? {});
    return {
      pages: server.firstBuild?.stats.pages ?? null,
      page: target,
      firstBuildMs: server.firstBuild?.ms ?? null,
      markdownEdit: {
        runs: markdown.length,
        ms: summary(ms),
        detectMs: summary(markdown.map((r) => r.detectMs).filter((x) => x !== null)),
        previewMs: summary(markdown.map((r) => r.previewMs).filter((x) => x !== null)),
        confirmed: markdown.filter((r) => r.confirmed).length,
        buildMs: summary(markdown.map((r) => r.buildMs)),
        reloadMs: summary(markdown.map((r) => r.reloadMs)),
        rendered: markdown.map((r) => r.rendered),
        stepsMedianMs: Object.fromEntries(stepNames.map((s) => [s, median(markdown.map((r) => r.steps[s] ?? 0))])),
        raw: markdown,
      },
      titleEdit,
      templateEdit,
    };
  } finally {
    await context.close().catch(() => {});
    const exit = await server.stop();
    if (exit.code !== 0) log(`${name}: docsgen dev stopped with ${exit.code ?? exit.signal}`);
  }
}

/** Copies the sample site (the repository's content/, redirects/, templates/ and config) into `dir`. */
async function copySample(dir) {
  for (const entry of ['content', 'redirects', 'templates', 'docsgen.config.yaml']) {
    const from = path.join(REPO, entry);
    if (existsSync(from)) await cp(from, path.join(dir, entry), { recursive: true });
  }
}

function printTable(results, log) {
  const rows = [['site', 'pages', 'save→browser median', 'min', 'max', 'preview (confirmed)', 'build median', 'detect', 'reload', 'rendered', 'title edit', 'template edit']];
  for (const [name, r] of Object.entries(results)) {
    const m = r.markdownEdit;
    rows.push([
      name,
      String(r.pages),
      `${m.ms.median} ms`,
      `${m.ms.min} ms`,
      `${m.ms.max} ms`,
      m.previewMs ? `${m.previewMs.median} ms (${m.confirmed}/${m.runs})` : '-',
      `${m.buildMs.median} ms`,
      `${m.detectMs?.median ?? '?'} ms`,
      `${m.reloadMs.median} ms`,
      [...new Set(m.rendered)].join('/'),
      r.titleEdit ? `${r.titleEdit.ms} ms (${r.titleEdit.rendered} pages)` : '-',
      r.templateEdit ? `${r.templateEdit.ms} ms (${r.templateEdit.rendered} pages)` : '-',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) log(row.map((c, i) => c.padEnd(widths[i])).join('  '));
  for (const [name, r] of Object.entries(results)) {
    const steps = Object.entries(r.markdownEdit.stepsMedianMs).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
    log(`${name} one-page rebuild, median ms per step: ${steps.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
}

/**
 * `{ sample: {...}, 'corpus-<N>': {...} }`: save→browser latency of `docsgen dev` (median/min/max over `runs`
 * Markdown edits) on the sample site and on an N-page generated corpus, with the build's own figures.
 */
export async function run({ runs = 5, pages = 1000, gapMs = 300, quick = false, sites = ['sample', 'corpus'], seed = 'docsgen-bench', workDir, generateCorpus, docsgen, log = (m) => console.log(m) } = {}) {
  if (quick) {
    runs = Math.min(runs, 2);
    pages = Math.min(pages, 200);
  }
  const { chromium } = await import('playwright-core');
  const loadAtStart = os.loadavg();
  const base = workDir ?? os.tmpdir();
  await mkdir(base, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const results = {};
  try {
    for (const site of sites) {
      const dir = await mkdtemp(path.join(base, `docsgen-dev-bench-${site}-`));
      try {
        let name = site;
        let target = SAMPLE_PAGE;
        if (site === 'sample') await copySample(dir);
        else {
          const gen = generateCorpus ?? (await import(pathToFileURL(path.join(REPO, 'bench', 'corpus.mjs')).href)).generateCorpus;
          const t0 = performance.now();
          const corpus = await gen(dir, { pages, seed });
          await rm(path.join(dir, 'eleventy'), { recursive: true, force: true });
          await cp(path.join(REPO, 'templates'), path.join(dir, 'templates'), { recursive: true });
          name = `corpus-${pages}`;
          target = corpus.editPage;
          log(`generated ${corpus.pages} pages in ${Math.round(performance.now() - t0)} ms`);
        }
        results[name] = await measureSite(name, dir, target, { runs, gapMs, browser, log, docsgen });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  printTable(results, log);
  const { DEV_DEBOUNCE_MS } = await import(pathToFileURL(path.join(REPO, 'lib', 'serve', 'dev.js')).href);
  // a shared machine's load shows in the figures: keep it beside them
  const load = (l) => l.map((x) => Math.round(x * 100) / 100);
  log(`load average at start ${load(loadAtStart).join(' ')}, at end ${load(os.loadavg()).join(' ')} (${os.availableParallelism()} cores); ${gapMs} ms between a page showing an edit and the next save`);
  return { runs, gapMs, loadavg: { start: load(loadAtStart), end: load(os.loadavg()) }, cpus: os.availableParallelism(), debounceMs: DEV_DEBOUNCE_MS, sites: results };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000' },
      runs: { type: 'string', default: '5' },
      gap: { type: 'string', default: '300' },
      sites: { type: 'string', default: 'sample,corpus' },
      quick: { type: 'boolean', default: false },
      docsgen: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const pages = Number(values.pages);
  const runs = Number(values.runs);
  const gapMs = Number(values.gap);
  const sites = values.sites.split(',').map((s) => s.trim());
  if (!Number.isInteger(pages) || pages < 3 || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(gapMs) || gapMs < 0 || sites.some((s) => s !== 'sample' && s !== 'corpus')) {
    console.error('Usage: node bench/dev.mjs [--pages 1000] [--runs 5] [--sites sample,corpus] [--gap 300] [--docsgen bin/docsgen] [--quick] [--json]');
    process.exit(2);
  }
  // with --json, stdout is the JSON alone and the progress lines go to stderr
  const docsgen = values.docsgen ? path.resolve(values.docsgen) : undefined;
  const result = await run({ pages, runs, gapMs, sites, quick: values.quick, docsgen, log: values.json ? (m) => console.error(m) : (m) => console.log(m) });
  if (values.json) console.log(JSON.stringify(result, null, 2));
}
