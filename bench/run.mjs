// `npm run bench`: docsgen cold / no-change / one-edit builds against an Eleventy 3 cold build of the same generated
// pages, in alternation, medians over runs; then the redirect, link and image figures; results saved as JSON.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus } from './corpus.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.dirname(BENCH_DIR);
const WORK = path.join(BENCH_DIR, '.work');
const RESULTS = path.join(BENCH_DIR, 'results');
/**
 * Outputs of earlier builds are moved here and deleted only after the last measurement. This machine's disk
 * (ext4 mounted with `discard`) makes creating files and folders 3-6x slower for 30-60 s after a large delete,
 * so deleting a 4,000-page output right before a cold build slowed that build by seconds, and by more the more
 * files the tool writes. A CI build on a fresh clone deletes nothing first.
 */
const TRASH = path.join(WORK, 'trash');
/** How long to let the disk settle after emptying a trash left by an interrupted run, before measuring. */
const SETTLE_MS = 45_000;
const ELEVENTY_BIN = path.join(REPO, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const ELEVENTY_CONFIG = path.join(BENCH_DIR, 'eleventy', 'eleventy.config.mjs');
/** GNU time reports the child's peak RSS exactly; without it we poll /proc (may miss a last short peak). */
const GNU_TIME = '/usr/bin/time';
/** Bench modules written by the redirect, link, image and dev-server owners; each exports `async function run(opts)`. */
const MODULES = ['redirects', 'links', 'images', 'dev', 'dense', 'search'];

const USAGE = `Usage: node bench/run.mjs [--pages 1000,4000] [--runs 3|3,1] [--quick] [--seed S] [--concurrency N] [--timeout SEC]
                         [--docsgen BIN] [--modules redirects,links,images,dev,dense,search|none] [--bundled-templates] [--no-save]
  --runs 3,1     one run count per --pages entry
  --modules      which other bench modules to run after the build figures (default all)
  --quick        200 pages, 1 run (a smoke test; results go to bench/.work/results-quick.json)
  --docsgen BIN  the docsgen executable to measure (default bin/docsgen; point it at another checkout to compare)
  --timeout SEC  kill a build that runs longer (default 900)
  --no-save      print only, write no results file
  --bundled-templates  do not copy the repo's templates/ into the corpus (docsgen then uses its bundled ones)`;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      seed: { type: 'string', default: 'docsgen-bench' },
      concurrency: { type: 'string' },
      docsgen: { type: 'string', default: path.join(REPO, 'bin', 'docsgen') },
      timeout: { type: 'string', default: '900' },
      'no-save': { type: 'boolean', default: false },
      'bundled-templates': { type: 'boolean', default: false },
      modules: { type: 'string', default: MODULES.join(',') },
      help: { type: 'boolean', default: false },
    },
  });
  const ints = (s) => s.split(',').map((x) => Number(x.trim()));
  const pages = values.pages ? ints(values.pages) : values.quick ? [200] : [1000, 4000];
  // --runs 3 applies to every size; --runs 3,1 gives one count per --pages entry (big corpora are slow).
  const runList = values.runs ? ints(values.runs) : [values.quick ? 1 : 3];
  const runs = pages.map((_, i) => runList[runList.length === 1 ? 0 : i]);
  if (pages.some((n) => !Number.isInteger(n) || n < 3) || runs.some((r) => !Number.isInteger(r) || r < 1) || (runList.length !== 1 && runList.length !== pages.length)) {
    throw new Error(`bad --pages or --runs\n${USAGE}`);
  }
  const modules = values.modules === 'none' ? [] : values.modules.split(',').map((m) => m.trim()).filter(Boolean);
  const unknown = modules.filter((m) => !MODULES.includes(m));
  if (unknown.length) throw new Error(`unknown --modules ${unknown.join(', ')} (known: ${MODULES.join(', ')}, or none)\n${USAGE}`);
  return { ...values, docsgen: path.resolve(values.docsgen), pages, runs, modules, timeoutMs: Number(values.timeout) * 1000, save: !values['no-save'] };
}

/** Runs one child process; wall time from spawn to exit, peak RSS of the child (KiB), output kept for reports. */
/**
 * Writes the page cache's dirty data to disk before a measurement: otherwise the kernel writes back the previous
 * build's output (a 4,000-page Eleventy or docsgen output is ~100 MB) during the next measured build, on its cores.
 */
function flushDiskWrites() {
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {
    // no `sync` here (not Linux or macOS): measure as is
  }
}

function measure(file, args, { cwd, timeoutMs }) {
  flushDiskWrites();
  const timeFile = path.join(os.tmpdir(), `docsgen-bench-${process.pid}-${Math.random().toString(36).slice(2)}.time`);
  const useTime = existsSync(GNU_TIME);
  const [cmd, argv] = useTime ? [GNU_TIME, ['-f', '%M', '-o', timeFile, file, ...args]] : [file, args];
  return new Promise((resolve) => {
    const start = performance.now();
    // detached: a timeout kills the whole group (time + node), not only the time wrapper.
    const child = spawn(cmd, argv, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' } });
    const out = [];
    let err = '';
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-64 * 1024);
    });
    let polledKiB = 0;
    const poll = useTime
      ? null
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) polledKiB = Math.max(polledKiB, Number(m[1]));
          } catch {}
        }, 20);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('close', async (code, signal) => {
      const ms = performance.now() - start;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      let peakKiB = polledKiB || null;
      if (useTime) {
        // time writes "Command exited with non-zero status N" before the figure when the child fails.
        const lines = (await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n');
        const kib = Number(lines.at(-1));
        peakKiB = Number.isFinite(kib) && kib > 0 ? kib : null;
        await rm(timeFile, { force: true });
      }
      const stdout = Buffer.concat(out).toString('utf8');
      // GNU time reports a killed child as exit 128+signal through its own exit code.
      const ok = code === 0 && !timedOut;
      resolve({ ok, exitCode: code, signal, timedOut, ms: Math.round(ms), peakRssKiB: peakKiB, stdout, stderr: err });
    });
  });
}

const tail = (text, n = 15) => text.trim().split('\n').slice(-n).join('\n');
const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
};
const secs = (ms) => (ms == null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const mib = (kib) => (kib == null ? 'n/a' : `${Math.round(kib / 1024)}`);
const ratio = (a, b) => (a == null || b == null || b === 0 ? null : Math.round((a / b) * 1000) / 1000);
const times = (r) => (r == null ? 'n/a' : `${r.toFixed(2)}×`);

async function countFiles(dir, ext) {
  try {
    const entries = await readdir(dir, { recursive: true });
    return entries.filter((e) => e.endsWith(ext)).length;
  } catch {
    return 0;
  }
}

/** Keeps what a result file needs from one measurement (not the whole stdout). */
function summarize(m, extra = {}) {
  const s = { ok: m.ok, ms: m.ms, peakRssKiB: m.peakRssKiB, ...extra };
  if (!m.ok) Object.assign(s, { exitCode: m.exitCode, signal: m.signal, timedOut: m.timedOut, stderrTail: tail(m.stderr || m.stdout) });
  return s;
}

/** docsgen's `--json` summary `{ ok, stats, diagnostics }`, or null when stdout is not that. */
function parseSummary(stdout) {
  const text = stdout.trim();
  for (const candidate of [text, text.slice(text.indexOf('{')), text.split('\n').at(-1)]) {
    try {
      const v = JSON.parse(candidate);
      if (v && typeof v === 'object') return v;
    } catch {}
  }
  return null;
}

function reportFailure(label, m) {
  const why = m.timedOut ? 'timed out' : `exit ${m.exitCode}${m.signal ? ` (${m.signal})` : ''}`;
  console.log(`    ${label} FAILED: ${why} after ${secs(m.ms)}`);
  const t = tail(m.stderr || m.stdout) || '(no output on stderr or stdout)';
  console.log(t.split('\n').map((l) => `      | ${l}`).join('\n'));
}

let trashed = 0;
/** Moves a file or folder into the trash (see TRASH); nothing when it does not exist. */
async function discard(p) {
  if (!existsSync(p)) return;
  await mkdir(TRASH, { recursive: true });
  await rename(p, path.join(TRASH, `${process.pid}-${trashed++}`));
}

/** Deletes the trash; true when there was something to delete. */
async function emptyTrash() {
  if (!existsSync(TRASH)) return false;
  await rm(TRASH, { recursive: true, force: true });
  return true;
}

async function runDocsgen(corpus, run, opts, log) {
  const out = path.join(corpus.dir, 'dist');
  const args = [opts.docsgen, 'build', '--root', corpus.dir, '--out', out, '--json'];
  if (opts.concurrency) args.push('--concurrency', opts.concurrency);
  const go = () => measure(process.execPath, args, { cwd: REPO, timeoutMs: opts.timeoutMs });
  await discard(out);
  await discard(path.join(corpus.dir, '.docsgen-cache'));

  const cold = await go();
  const summary = parseSummary(cold.stdout);
  log('docsgen cold', cold);
  if (!cold.ok) return { ok: false, cold: summarize(cold, { summary }) };
  const result = { ok: true, cold: summarize(cold, { stats: summary?.stats ?? null, htmlFiles: await countFiles(out, '.html') }) };

  const noChange = await go();
  log('docsgen no-change', noChange);
  result.noChange = summarize(noChange, { stats: parseSummary(noChange.stdout)?.stats ?? null });

  // One-page edit: append a sentence, rebuild, check the sentence reached the page's HTML, restore the page.
  const file = path.join(corpus.dir, corpus.editPage.file);
  const original = await readFile(file, 'utf8');
  const marker = `Bench edit ${run + 1} appended this sentence to the page.`;
  await writeFile(file, `${original}\n${marker}\n`);
  try {
    const edit = await go();
    log('docsgen one-edit', edit);
    const html = await readFile(path.join(out, 'public', 'documentation', corpus.editPage.url, 'index.html'), 'utf8').catch(() => '');
    result.oneEdit = summarize(edit, { stats: parseSummary(edit.stdout)?.stats ?? null, editInOutput: html.includes(marker) });
    if (edit.ok && !html.includes(marker)) console.log(`    warning: the edited sentence is not in dist/public/documentation${corpus.editPage.url}index.html`);
  } finally {
    await writeFile(file, original);
  }
  return result;
}

async function runEleventy(corpus, opts, log) {
  const out = path.join(corpus.dir, 'eleventy-dist');
  await discard(out);
  const m = await measure(process.execPath, [ELEVENTY_BIN, `--config=${ELEVENTY_CONFIG}`, '--input=eleventy', '--output=eleventy-dist', '--quiet'], {
    cwd: corpus.dir,
    timeoutMs: opts.timeoutMs,
  });
  log('Eleventy cold', m);
  return { ok: m.ok, cold: summarize(m, { htmlFiles: m.ok ? await countFiles(out, '.html') : 0 }) };
}

async function benchSize(pages, runCount, opts) {
  const dir = path.join(WORK, `corpus-${pages}`);
  const t0 = performance.now();
  const corpus = await generateCorpus(dir, { pages, seed: opts.seed, remove: discard });
  const generateMs = Math.round(performance.now() - t0);
  // The sample site's templates make the corpus a complete project; --bundled-templates leaves docsgen to supply them.
  await rm(path.join(dir, 'templates'), { recursive: true, force: true });
  const templates = !opts['bundled-templates'] && existsSync(path.join(REPO, 'templates')) ? 'repo templates/' : 'bundled';
  if (templates !== 'bundled') await cp(path.join(REPO, 'templates'), path.join(dir, 'templates'), { recursive: true });
  console.log(`\n${pages} pages: corpus in ${path.relative(REPO, dir)} (${corpus.leafPages} leaf + ${corpus.sectionPages} section pages, ${corpus.imageFiles} images, ${(corpus.bytes / 1048576).toFixed(1)} MiB) generated in ${secs(generateMs)}`);

  const runs = [];
  let docsgenBroken = null;
  for (let r = 0; r < runCount; r++) {
    // Alternate who goes first so page-cache warmth and machine noise do not favour one side.
    const order = r % 2 === 0 ? ['docsgen', 'eleventy'] : ['eleventy', 'docsgen'];
    const log = (label, m) => {
      if (m.ok) console.log(`  run ${r + 1}/${runCount}  ${label.padEnd(18)} ${secs(m.ms).padStart(9)}  ${mib(m.peakRssKiB).padStart(5)} MiB`);
      else reportFailure(`run ${r + 1}/${runCount}  ${label}`, m);
    };
    const entry = { run: r + 1, order };
    for (const who of order) {
      if (who === 'eleventy') entry.eleventy = await runEleventy(corpus, opts, log);
      else if (docsgenBroken) entry.docsgen = { ok: false, skipped: 'cold build failed in an earlier run' };
      else {
        entry.docsgen = await runDocsgen(corpus, r, opts, log);
        if (!entry.docsgen.ok) docsgenBroken = entry.docsgen.cold;
      }
    }
    runs.push(entry);
  }

  const pick = (f) => runs.map(f).filter((m) => m && m.ok);
  const med = (f, key) => median(pick(f).map((m) => m[key]));
  const m = {
    docsgenColdMs: med((r) => r.docsgen?.cold, 'ms'),
    docsgenNoChangeMs: med((r) => r.docsgen?.noChange, 'ms'),
    docsgenOneEditMs: med((r) => r.docsgen?.oneEdit, 'ms'),
    eleventyColdMs: med((r) => r.eleventy?.cold, 'ms'),
    docsgenColdPeakRssKiB: med((r) => r.docsgen?.cold, 'peakRssKiB'),
    docsgenNoChangePeakRssKiB: med((r) => r.docsgen?.noChange, 'peakRssKiB'),
    docsgenOneEditPeakRssKiB: med((r) => r.docsgen?.oneEdit, 'peakRssKiB'),
    eleventyColdPeakRssKiB: med((r) => r.eleventy?.cold, 'peakRssKiB'),
  };
  const ratios = {
    docsgenColdOverEleventyCold: ratio(m.docsgenColdMs, m.eleventyColdMs),
    docsgenNoChangeOverEleventyCold: ratio(m.docsgenNoChangeMs, m.eleventyColdMs),
    docsgenOneEditOverEleventyCold: ratio(m.docsgenOneEditMs, m.eleventyColdMs),
  };
  const { pageList, dir: _dir, contentDir, eleventyDir, ...corpusFacts } = corpus;
  const firstDocsgen = runs.find((r) => r.docsgen?.cold)?.docsgen?.cold;
  return {
    pages,
    runCount,
    corpus: { ...corpusFacts, seed: opts.seed, generateMs, templates },
    docsgen: docsgenBroken
      ? { ok: false, exitCode: docsgenBroken.exitCode, timedOut: docsgenBroken.timedOut, stderrTail: docsgenBroken.stderrTail }
      : { ok: true, htmlFiles: firstDocsgen?.htmlFiles ?? null, stats: firstDocsgen?.stats ?? null },
    eleventy: { ok: runs.every((r) => r.eleventy?.ok), htmlFiles: runs[0]?.eleventy?.cold?.htmlFiles ?? null },
    median: m,
    ratios,
    runs,
  };
}

function printTable(sizes) {
  const head = ['pages', 'docsgen cold', 'no-change', 'one-edit', 'Eleventy cold', 'cold ÷ 11ty', 'no-change ÷ 11ty', 'one-edit ÷ 11ty', 'peak MiB docsgen', 'peak MiB 11ty'];
  const rows = sizes.map((s) => {
    const failed = s.docsgen.ok ? null : `failed (${s.docsgen.timedOut ? 'timeout' : `exit ${s.docsgen.exitCode}`})`;
    return [
      String(s.pages),
      failed ?? secs(s.median.docsgenColdMs),
      failed ? '-' : secs(s.median.docsgenNoChangeMs),
      failed ? '-' : secs(s.median.docsgenOneEditMs),
      secs(s.median.eleventyColdMs),
      times(s.ratios.docsgenColdOverEleventyCold),
      times(s.ratios.docsgenNoChangeOverEleventyCold),
      times(s.ratios.docsgenOneEditOverEleventyCold),
      failed ? '-' : `${mib(s.median.docsgenColdPeakRssKiB)} / ${mib(s.median.docsgenNoChangePeakRssKiB)} / ${mib(s.median.docsgenOneEditPeakRssKiB)}`,
      mib(s.median.eleventyColdPeakRssKiB),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('(medians; peak MiB docsgen = cold / no-change / one-edit; ratios below 1 mean docsgen is faster)');
}

async function runModules(opts) {
  const figures = {};
  console.log('\nOther figures');
  for (const name of MODULES) {
    if (!opts.modules.includes(name)) {
      console.log(`  ${name}: skipped (--modules)`);
      figures[name] = { available: existsSync(path.join(BENCH_DIR, `${name}.mjs`)), skipped: true };
      continue;
    }
    const file = path.join(BENCH_DIR, `${name}.mjs`);
    if (!existsSync(file)) {
      console.log(`  ${name}: not available (bench/${name}.mjs not present)`);
      figures[name] = { available: false };
      continue;
    }
    const t0 = performance.now();
    try {
      const mod = await import(pathToFileURL(file).href);
      if (typeof mod.run !== 'function') throw new Error(`bench/${name}.mjs does not export run(opts)`);
      const workDir = path.join(WORK, name);
      await mkdir(workDir, { recursive: true });
      const result = await mod.run({
        repoRoot: REPO,
        workDir,
        quick: opts.quick,
        runs: Math.max(...opts.runs),
        seed: opts.seed,
        generateCorpus,
        log: (msg) => console.log(`    ${msg}`),
      });
      figures[name] = { available: true, ms: Math.round(performance.now() - t0), figures: result ?? null };
      console.log(`  ${name}: ${JSON.stringify(result)}`);
    } catch (err) {
      figures[name] = { available: true, error: String(err?.stack ?? err).split('\n').slice(0, 8).join('\n') };
      console.log(`  ${name}: failed: ${String(err?.message ?? err)}`);
    }
  }
  return figures;
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function saveResults(result, opts) {
  const stem = `${result.startedAt.slice(0, 10)}-${result.git.sha ?? 'nogit'}`;
  // A second run on the same day and commit gets -2, -3...: results are history, never overwritten.
  let dated = path.join(RESULTS, `${stem}.json`);
  for (let n = 2; existsSync(dated); n++) dated = path.join(RESULTS, `${stem}-${n}.json`);
  const targets = opts.quick ? [path.join(WORK, 'results-quick.json')] : [dated, path.join(RESULTS, 'latest.json')];
  for (const target of targets) {
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: an interrupted bench never leaves half a JSON file that later comparisons would trip on.
    await writeFile(`${target}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
    await rename(`${target}.tmp`, target);
    console.log(`results: ${path.relative(REPO, target)}`);
  }
}

async function main() {
  let opts;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const eleventyPkg = JSON.parse(readFileSync(path.join(REPO, 'node_modules', '@11ty', 'eleventy', 'package.json'), 'utf8'));
  const result = {
    startedAt: new Date().toISOString(),
    git: { sha: git(['rev-parse', '--short', 'HEAD']), dirty: Boolean(git(['status', '--porcelain', '--untracked-files=no'])) },
    machine: { node: process.version, platform: `${os.platform()} ${os.release()}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memMiB: Math.round(os.totalmem() / 1048576), peakRssMethod: existsSync(GNU_TIME) ? 'gnu-time %M' : 'proc VmHWM poll', loadAvgAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    versions: { docsgen: pkg.version, eleventy: eleventyPkg.version },
    options: { pages: opts.pages, runs: opts.runs, modules: opts.modules, quick: opts.quick, seed: opts.seed, concurrency: opts.concurrency ?? null, docsgen: path.relative(REPO, opts.docsgen) },
    sizes: [],
  };
  console.log(`docsgen bench: pages ${opts.pages.join(', ')}, runs ${opts.runs.join(', ')}, node ${process.version}, ${result.machine.cpus} cpus, load ${result.machine.loadAvgAtStart[0]}, git ${result.git.sha}${result.git.dirty ? ' (dirty)' : ''}`);
  if (await emptyTrash()) {
    console.log(`emptied the trash of an interrupted run; waiting ${SETTLE_MS / 1000} s for the disk to settle`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
  for (const [i, pages] of opts.pages.entries()) result.sizes.push(await benchSize(pages, opts.runs[i], opts));
  printTable(result.sizes);
  result.modules = await runModules(opts);
  // after every measurement: see TRASH
  await emptyTrash();
  result.finishedAt = new Date().toISOString();
  // Load from other work skews absolute times (ratios less so); kept so noisy runs can be told apart later.
  result.machine.loadAvgAtEnd = os.loadavg().map((x) => Math.round(x * 100) / 100);
  if (opts.save) await saveResults(result, opts);
  const measured = result.sizes.flatMap((s) => s.runs.flatMap((r) => [r.docsgen?.cold, r.docsgen?.noChange, r.docsgen?.oneEdit, r.eleventy?.cold]));
  const allOk = result.sizes.every((s) => s.docsgen.ok && s.eleventy.ok) && measured.every((m) => !m || m.ok);
  if (!allOk) console.log('\nSome builds failed; see the FAILED lines above (exit code and stderr tail).');
  return allOk ? 0 : 1;
}

// `npm run bench | head` closes stdout early: stop quietly instead of crashing on EPIPE mid-run.
process.stdout.on('error', (err) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(1);
});
process.exitCode = await main();
