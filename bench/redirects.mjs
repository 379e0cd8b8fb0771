// Benchmark: validate + export 50,000 generated redirects (49,500 exact, 500 patterns) in every format.
// Run alone with `node bench/redirects.mjs` after `node scripts/compile.mjs`; bench/run.mjs may import run().
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { exportRedirects, formatIds, validateRedirects } from '../lib/redirects/index.js';

const COUNT = 50_000;
const PATTERNS = 500;

/** 50,000 rules spread over 200 old areas, the way a site that moved several times accumulates them. */
function generateRules() {
  const rules = [];
  for (let i = 0; i < COUNT; i++) {
    const pattern = i >= COUNT - PATTERNS;
    const area = `area-${i % 200}`;
    const from = pattern ? `/documentation/legacy/${area}/section-${i}/:page/` : `/documentation/old/${area}/topic-${Math.floor(i / 200)}/page-${i}/`;
    const to = pattern ? `/documentation/new/${area}/section-${i}/:page/` : i % 50 === 0 ? `https://developers.arcgis.com/rest/ref-${i}/` : `/documentation/new/${area}/page-${i}/`;
    rules.push({ from, to, status: 301, fromPath: from, toPath: to, isPermanent: true, ignoreCase: true, redirectInBrowser: true, location: { file: `redirects/${area}.yaml`, line: (i % 250) * 2 + 1, column: 3 } });
  }
  return rules;
}

const RUNS = 3;

const cpuMs = {};

/**
 * The fastest of RUNS wall-clock timings of `fn` on freshly generated rules (so no run reuses another's compiled
 * rules). The CPU time of that process is kept in `cpuMs[label]`: on a shared, loaded machine it is the steadier figure.
 */
function best(fn, label) {
  let min = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const rules = generateRules();
    const c = process.cpuUsage();
    const t = performance.now();
    fn(rules);
    min = Math.min(min, performance.now() - t);
    const used = process.cpuUsage(c);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  cpuMs[label] = Math.round(cpu);
  return Math.round(min);
}

/**
 * Times validation and each exporter on 50,000 rules (fastest of 3 runs each, fresh rules every run so nothing
 * is memoised across runs); returns the figures in milliseconds.
 */
export async function run() {
  const validateMs = best((rules) => {
    const diagnostics = validateRedirects(rules, { allowedHosts: ['developers.arcgis.com'], pathPrefix: '/documentation', hostLimits: false });
    if (diagnostics.length) throw new Error(`generated rules should be valid: ${diagnostics[0].message}`);
  }, 'validate');
  const exportMs = {};
  for (const format of formatIds) {
    exportMs[format] = best((rules) => {
      const out = exportRedirects(rules, format, { pathPrefix: '/documentation', siteUrl: 'https://developers.arcgis.com' });
      if ((typeof out === 'string' ? out.length : out.size) === 0) throw new Error(`${format} produced nothing`);
    }, format);
  }
  // what `docsgen build` does: validate, then write nginx + _redirects + json from the same rule objects
  const pipelineMs = best((rules) => {
    validateRedirects(rules, { allowedHosts: ['developers.arcgis.com'], pathPrefix: '/documentation', hostLimits: false });
    for (const f of ['nginx', 'netlify', 'json']) exportRedirects(rules, f, {});
  }, 'pipeline');
  return { redirects: COUNT, validateMs, exportMs, pipelineMs, cpuMs: { ...cpuMs } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await run();
  const exportTotal = Object.values(r.exportMs).reduce((a, b) => a + b, 0);
  console.log(`redirects: ${r.redirects} (${COUNT - PATTERNS} exact, ${PATTERNS} patterns)`);
  console.log(`validate: ${r.validateMs} ms (cpu ${r.cpuMs.validate} ms)`);
  for (const [f, ms] of Object.entries(r.exportMs)) console.log(`export ${f}: ${ms} ms (cpu ${r.cpuMs[f]} ms)`);
  console.log(`validate + nginx export: ${r.validateMs + r.exportMs.nginx} ms; validate + every format: ${r.validateMs + exportTotal} ms`);
  console.log(`validate + nginx export, cpu: ${r.cpuMs.validate + r.cpuMs.nginx} ms`);
  console.log(`build pipeline (validate, then nginx + _redirects + json from the same rules): ${r.pipelineMs} ms (cpu ${r.cpuMs.pipeline} ms)`);
}
