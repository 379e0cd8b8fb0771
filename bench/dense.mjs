// Link-dense bench (issue 29): docsgen / Eleventy / Hugo cold builds of the corpus of bench/dense-corpus.mjs, in
// alternating order, medians of wall, CPU, kernel CPU and peak RSS (GNU time of each child), the link check's
// share of docsgen's wall time, and a docsgen one-page-edit rebuild. Runs alone or as a module of `npm run bench`.
//   node bench/dense.mjs [--pages 1000,4000] [--runs 3|3,1] [--quick] [--docsgen BIN]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDenseCorpus } from './dense-corpus.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.dirname(BENCH_DIR);
const ELEVENTY_BIN = path.join(REPO, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const GNU_TIME = '/usr/bin/time';

/** Hugo's path, installing the Debian package when it is missing and we may (root, apt-get present); else null. */
export function ensureHugo(log = console.log) {
  const find = () => {
    try {
      return execFileSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' }).trim() || null;
    } catch {
      return null;
    }
  };
  let hugo = find();
  if (hugo) return hugo;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    log('hugo: not installed (install the Debian package `hugo`); Hugo is left out');
    return null;
  }
  log('hugo: installing the Debian package');
  try {
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'ignore' });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'ignore' });
  }
  hugo = find();
  return hugo;
}

/** One child under GNU time: wall ms, user and system CPU ms, peak RSS KiB, stdout. */
function measure(cmd, args, cwd) {
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {}
  const timeFile = path.join(os.tmpdir(), `docsgen-dense-${process.pid}-${Math.random().toString(36).slice(2)}.time`);
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, cmd, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' } });
    const out = [];
    let err = '';
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-8192)));
    child.on('close', async (code) => {
      const ms = Math.round(performance.now() - start);
      const last = (await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n').at(-1).split(' ').map(Number);
      await rm(timeFile, { force: true });
      resolve({ ok: code === 0, code, ms, userMs: Math.round(last[0] * 1000), sysMs: Math.round(last[1] * 1000), peakKiB: last[2], stdout: Buffer.concat(out).toString(), stderr: err });
    });
  });
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  // fractions (the link share) must not be rounded to integers
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const r2 = (a, b) => (a == null || b == null || !b ? null : Math.round((a / b) * 100) / 100);

async function moveAside(p, trash) {
  if (!existsSync(p)) return;
  await mkdir(trash, { recursive: true });
  await rename(p, path.join(trash, `${Date.now()}-${Math.random().toString(36).slice(2)}`));
}

async function benchSize(pages, runs, { workDir, docsgen, hugo, log }) {
  const dir = path.join(workDir, `dense-${pages}`);
  const trash = path.join(workDir, 'trash');
  const corpus = await generateDenseCorpus(dir, { pages, remove: (p) => moveAside(p, trash) });
  log(`${pages} pages (${corpus.sections} sections of ~${Math.round(corpus.leafPages / corpus.sections)} pages, ~${corpus.expectedLinksPerPage} links a page) in ${path.relative(REPO, dir)}`);
  const tools = {
    docsgen: { out: path.join(dir, 'dist'), run: () => measure(process.execPath, [docsgen, 'build', '--root', dir, '--out', path.join(dir, 'dist'), '--json'], REPO), aside: [path.join(dir, 'dist'), path.join(dir, '.docsgen-cache')] },
    eleventy: { run: () => measure(process.execPath, [ELEVENTY_BIN, '--config=eleventy.config.mjs', '--input=eleventy', '--output=eleventy-dist', '--quiet'], dir), aside: [path.join(dir, 'eleventy-dist')] },
    ...(hugo ? { hugo: { run: () => measure(hugo, ['--source', 'hugo', '--destination', '../hugo-dist', '--quiet'], dir), aside: [path.join(dir, 'hugo-dist')] } } : {}),
  };
  const names = Object.keys(tools);
  const raw = Object.fromEntries(names.map((n) => [n, []]));
  const edits = [];
  for (let r = 0; r < runs; r++) {
    // rotate who goes first, so machine noise and cache warmth fall on every side
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const name of order) {
      for (const p of tools[name].aside) await moveAside(p, trash);
      const m = await tools[name].run();
      let stats = null;
      if (name === 'docsgen') {
        try {
          stats = JSON.parse(m.stdout).stats;
        } catch {}
      }
      raw[name].push({ ...m, stdout: undefined, stderr: m.ok ? undefined : m.stderr, stats });
      log(`  run ${r + 1}/${runs} ${name.padEnd(8)} ${m.ok ? '' : `FAILED (exit ${m.code}) `}${(m.ms / 1000).toFixed(2)} s wall, ${((m.userMs + m.sysMs) / 1000).toFixed(2)} s CPU, ${(m.sysMs / 1000).toFixed(2)} s kernel, ${Math.round(m.peakKiB / 1024)} MiB${stats ? `, links ${stats['ms.links']} ms (${stats.links} links)` : ''}`);
      if (name === 'docsgen' && m.ok) {
        // a writer's rebuild: one line appended to one page, with cache and output kept
        const file = path.join(dir, corpus.editPage.file);
        const original = await readFile(file, 'utf8');
        await writeFile(file, `${original}\nBench edit ${r + 1}.\n`);
        try {
          const e = await tools.docsgen.run();
          let s = null;
          try {
            s = JSON.parse(e.stdout).stats;
          } catch {}
          edits.push({ ok: e.ok, ms: e.ms, userMs: e.userMs, sysMs: e.sysMs, peakKiB: e.peakKiB, stats: s });
          log(`  run ${r + 1}/${runs} one-edit ${(e.ms / 1000).toFixed(2)} s wall, ${Math.round(e.peakKiB / 1024)} MiB, links ${s?.['ms.links']} ms (${s?.linkPagesCached} pages cached)`);
        } finally {
          await writeFile(file, original);
        }
      }
    }
  }
  const med = (list, f) => median(list.filter((m) => m.ok).map(f));
  const summary = {};
  for (const n of names) {
    summary[n] = { wallMs: med(raw[n], (m) => m.ms), cpuMs: med(raw[n], (m) => m.userMs + m.sysMs), sysMs: med(raw[n], (m) => m.sysMs), sysUsPerPage: null, peakMiB: med(raw[n], (m) => Math.round(m.peakKiB / 1024)) };
    summary[n].sysUsPerPage = summary[n].sysMs == null ? null : Math.round((summary[n].sysMs * 1000) / corpus.pages);
  }
  summary.docsgen.linksMs = med(raw.docsgen, (m) => m.stats?.['ms.links']);
  summary.docsgen.linkShare = med(raw.docsgen, (m) => (m.stats ? Math.round((m.stats['ms.links'] / m.ms) * 1000) / 1000 : null));
  summary.docsgen.links = raw.docsgen.find((m) => m.stats)?.stats.links ?? null;
  summary.docsgenOneEdit = { wallMs: med(edits, (m) => m.ms), peakMiB: med(edits, (m) => Math.round(m.peakKiB / 1024)), linksMs: med(edits, (m) => m.stats?.['ms.links']) };
  const ratios = { docsgenOverEleventy: r2(summary.docsgen.wallMs, summary.eleventy.wallMs), docsgenOverHugo: r2(summary.docsgen.wallMs, summary.hugo?.wallMs), docsgenCpuOverEleventy: r2(summary.docsgen.cpuMs, summary.eleventy.cpuMs), docsgenSysOverEleventy: r2(summary.docsgen.sysMs, summary.eleventy.sysMs) };
  return { pages: corpus.pages, sections: corpus.sections, runs, summary, ratios, raw, edits };
}

function printTable(sizes, log) {
  const s = (ms) => (ms == null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
  log('link-dense corpus, cold builds (medians):');
  log('pages  tool      wall      CPU       kernel    kernel/page  peak MiB  link check');
  for (const z of sizes) {
    for (const [n, x] of Object.entries(z.summary)) {
      if (n === 'docsgenOneEdit') continue;
      log(`${String(z.pages).padEnd(6)} ${n.padEnd(9)} ${s(x.wallMs).padStart(8)}  ${s(x.cpuMs).padStart(8)}  ${s(x.sysMs).padStart(8)}  ${`${x.sysUsPerPage ?? 'n/a'} µs`.padStart(11)}  ${String(x.peakMiB).padStart(8)}  ${x.linkShare != null ? `${s(x.linksMs)} = ${Math.round(x.linkShare * 100)} % of wall` : ''}`);
    }
    const e = z.summary.docsgenOneEdit;
    log(`${String(z.pages).padEnd(6)} one-edit  ${s(e.wallMs).padStart(8)}  peak ${e.peakMiB} MiB, link check ${s(e.linksMs)}`);
    log(`${String(z.pages).padEnd(6)} ratios    docsgen ÷ Eleventy ${z.ratios.docsgenOverEleventy ?? 'n/a'}× (CPU ${z.ratios.docsgenCpuOverEleventy}×, kernel ${z.ratios.docsgenSysOverEleventy}×), docsgen ÷ Hugo ${z.ratios.docsgenOverHugo ?? 'n/a'}×`);
  }
}

/** As a module of bench/run.mjs: 1,000 and 4,000 pages (quick: 300), figures returned for the results file. */
export async function run({ workDir, quick, runs, log, pages, docsgen = path.join(REPO, 'bin', 'docsgen') }) {
  const hugo = ensureHugo(log);
  const sizes = pages ?? (quick ? [300] : [1000, 4000]);
  const runList = Array.isArray(runs) ? runs : sizes.map((n) => (quick ? 1 : n >= 4000 ? Math.min(runs ?? 3, 2) : runs ?? 3));
  const out = [];
  log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}, hugo ${hugo ? execFileSync(hugo, ['version'], { encoding: 'utf8' }).split(' ')[1] : 'absent'}`);
  for (const [i, n] of sizes.entries()) out.push(await benchSize(n, runList[i], { workDir, docsgen, hugo, log }));
  printTable(out, log);
  log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await rm(path.join(workDir, 'trash'), { recursive: true, force: true });
  return out.map(({ raw, edits, ...rest }) => rest);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { pages: { type: 'string' }, runs: { type: 'string' }, quick: { type: 'boolean', default: false }, docsgen: { type: 'string' } } });
  const ints = (s) => s.split(',').map(Number);
  const pages = values.pages ? ints(values.pages) : undefined;
  const runs = values.runs ? (ints(values.runs).length === 1 && pages ? pages.map(() => ints(values.runs)[0]) : ints(values.runs)) : undefined;
  const workDir = path.join(BENCH_DIR, '.work', 'dense');
  await mkdir(workDir, { recursive: true });
  const figures = await run({ workDir, quick: values.quick, runs, pages, log: (l) => console.log(l), ...(values.docsgen ? { docsgen: path.resolve(values.docsgen) } : {}) });
  const file = path.join(workDir, `results-${Date.now()}.json`);
  await writeFile(file, `${JSON.stringify({ loadAvg: os.loadavg(), figures }, null, 2)}\n`);
  console.log(`results: ${path.relative(REPO, file)}`);
}
