// Validate + every export of 50,000 redirects (issue 21): milliseconds per step and the process's peak memory.
// Run: node scripts/compile.mjs && node bench/redirects-50k.mjs
import { exportRedirects, validateRedirects } from '../lib/redirects/index.js';

const N = 50_000;
const words = ['maps', 'routing-and-directions', 'places', 'geocoding-and-search', 'spatial-analysis', 'data-hosting'];
const text = ['', 'r%C3%A9sum%C3%A9-', 'naïve-', 'a+b&c-', 'old%20page-'];
const rules = Array.from({ length: N }, (_, i) => {
  // mostly plain paths, one in five with escapes, non-ASCII or reserved characters; 100 patterns
  const pattern = i % 500 === 0;
  const from = pattern ? `/documentation/archive-${i}/:topic/*` : `/documentation/archive/${words[i % words.length]}/${text[i % 5 === 0 ? (i / 5) % 5 : 0]}${'old-page-'.repeat(1 + (i % 4))}${i}/`;
  const to = pattern ? `/documentation/new-${i}/:topic/:splat` : `/documentation/new/${words[(i + 1) % words.length]}/page-${i}/${i % 7 === 0 ? '?tab=js#install' : ''}`;
  return { from, to, status: 301, fromPath: from, toPath: to, isPermanent: true, ignoreCase: true, redirectInBrowser: true, location: { file: 'redirects/archive.yaml', line: 2 * i + 1, column: 3 } };
});

const before = process.resourceUsage().maxRSS / 1024;
const times = {};
const cpu = {};
// wall time and CPU time (user + system) per step: on a busy machine the CPU time is the steadier figure
const time = (name, fn) => {
  const t = performance.now();
  const c = process.cpuUsage();
  const out = fn();
  const used = process.cpuUsage(c);
  times[name] = Math.round(performance.now() - t);
  cpu[name] = Math.round((used.user + used.system) / 1000);
  return out;
};
const diags = time('validate', () => validateRedirects(rules, { allowedHosts: ['developers.arcgis.com'], pathPrefix: '/documentation' }));
const sizes = {};
for (const f of ['nginx', 'apache', 'caddy', 'netlify', 'vercel', 'json', 'html']) {
  const out = time(f, () => exportRedirects(rules, f));
  sizes[f] = typeof out === 'string' ? `${(out.length / 1048576).toFixed(1)} MB` : `${out.size} stubs`;
}
const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ redirects: N, errors: diags.filter((d) => d.severity === 'error').length, warnings: diags.filter((d) => d.severity === 'warning').length, ms: { ...times, total: sum(times) }, cpuMs: { ...cpu, total: sum(cpu) }, sizes, peakMiB: Math.round(process.resourceUsage().maxRSS / 1024), baselineMiB: Math.round(before) }, null, 1));
