// Link-dense corpus for `bench/dense.mjs` (issue 29): flat sections of several hundred pages, so the sidebar of
// every page is long, plus cross-links with anchors. The same (pages, seed) always writes the same bytes.
// Titles are zero-padded so that title order is `order`: Hugo's default page order (no weight or date) needs no
// per-page sort in its layout. One Markdown source goes to three trees: `content/` (docsgen), `eleventy/` and `hugo/`, each with a minimal
// layout that writes the same sidebar links (every section, and every page of the current section).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { slug } from 'github-slugger';
import { mulberry32 } from '../scripts/mulberry32.mjs';

/** Pages per section: several hundred, so each page's sidebar carries that many links. */
export const PAGES_PER_SECTION = 330;
/** Cross-links (to other pages, half with a `#heading`) in each leaf's body. */
const CROSS_LINKS = 24;
const HEADINGS = ['Prerequisites', 'How it works', 'Configure the layer', 'Query features', 'Style the results', 'Handle errors', 'Performance considerations', 'Authentication', 'Limits and quotas', 'Request parameters', 'Troubleshooting', 'Examples', 'Best practices', 'Next steps'];
const WORDS = 'layer map view feature query request service token tile style basemap extent geometry route address place portal item scene elevation cache client server response field value index section page'.split(' ');

const ELEVENTY_CONFIG = `// written by bench/dense-corpus.mjs: sidebar = every section + every page of the current section
export default function configure(cfg) {
  cfg.addGlobalData('layout', 'dense.njk');
  cfg.setTemplateFormats(['md']);
  const order = (a, b) => (a.data.order ?? 0) - (b.data.order ?? 0) || a.data.title.localeCompare(b.data.title);
  cfg.addCollection('sections', (api) => api.getAll().filter((i) => /^\\/[^/]+\\/index$/.test(i.filePathStem)).sort(order));
  cfg.addCollection('bySection', (api) => {
    const by = {};
    for (const i of api.getAll()) {
      const m = /^\\/([^/]+)\\/[^/]+$/.exec(i.filePathStem);
      if (m && !i.filePathStem.endsWith('/index')) (by[m[1]] ??= []).push(i);
    }
    for (const k of Object.keys(by)) by[k].sort(order);
    return by;
  });
}
`;
const ELEVENTY_LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }} | Documentation</title></head>
<body><header><a href="/">Documentation</a></header>
{%- set sec = page.url.split('/')[1] %}
<nav aria-label="Documentation"><ul>
{%- for s in collections.sections %}
<li><a href="{{ s.url }}">{{ s.data.title }}</a>
{%- if s.url == '/' + sec + '/' %}<ul>
{%- for p in collections.bySection[sec] %}<li><a href="{{ p.url }}"{% if p.url == page.url %} aria-current="page"{% endif %}>{{ p.data.title }}</a></li>{% endfor %}
</ul>{% endif %}</li>
{%- endfor %}
</ul></nav>
<main><h1>{{ title }}</h1>
{{ content | safe }}</main></body></html>
`;
const HUGO_CONFIG = `baseURL = "/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = true
`;
const HUGO_BASEOF = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | Documentation</title></head>
<body><header><a href="/">Documentation</a></header>
<nav aria-label="Documentation"><ul>
{{- $cur := . }}{{ $sec := .CurrentSection }}
{{- range site.Sections }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{- if eq . $sec }}<ul>
{{- range .Pages }}<li><a href="{{ .RelPermalink }}"{{ if eq . $cur }} aria-current="page"{{ end }}>{{ .Title }}</a></li>{{ end }}
</ul>{{ end }}</li>
{{- end }}
</ul></nav>
<main><h1>{{ .Title }}</h1>
{{ .Content }}</main></body></html>
`;

function rngOf(seedText) {
  let h = 0x811c9dc5;
  for (const ch of String(seedText)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const next = mulberry32(h);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return { int, pick: (list) => list[Math.floor(next() * list.length)] };
}

function prose(rng, sentences) {
  const out = [];
  for (let i = 0; i < sentences; i++) {
    const w = Array.from({ length: rng.int(8, 16) }, () => rng.pick(WORDS));
    out.push(`${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(' ')}.`);
  }
  return out.join(' ');
}

const fm = (title, order) => `---\ntitle: ${title}\ndescription: ${title} in the link-dense bench corpus.\norder: ${order}\n---\n`;

/**
 * Writes the corpus to `dir/{content,eleventy,hugo}` (content with a `docsgen.config.yaml` beside it) and returns
 * its facts: `pages`, `sections`, `editPage` (a leaf to append to), `expectedLinksPerPage` (sidebar + body, approx.).
 */
export async function generateDenseCorpus(dir, { pages, seed = 'docsgen-dense', remove = (p) => rm(p, { recursive: true, force: true }) }) {
  if (!Number.isInteger(pages) || pages < 10) throw new Error(`pages must be an integer >= 10, got ${pages}`);
  const rng = rngOf(`${seed}:${pages}`);
  const sectionCount = Math.max(1, Math.round((pages - 1) / (PAGES_PER_SECTION + 1)));
  const leafCount = pages - 1 - sectionCount;
  const sections = Array.from({ length: sectionCount }, (_, i) => ({ dir: `area-${String(i + 1).padStart(2, '0')}`, title: `Area ${String(i + 1).padStart(2, '0')}`, order: i + 1, leaves: [] }));
  for (let i = 0; i < leafCount; i++) {
    const s = sections[i % sectionCount];
    const n = s.leaves.length + 1;
    s.leaves.push({ section: s, slug: `topic-${String(n).padStart(3, '0')}`, title: `${s.title} topic ${String(n).padStart(3, '0')}`, order: n, headings: [] });
  }
  const leaves = sections.flatMap((s) => s.leaves);
  for (const l of leaves) {
    const start = rng.int(0, HEADINGS.length - 4);
    l.headings = HEADINGS.slice(start, start + 3);
    l.url = `/${l.section.dir}/${l.slug}/`;
  }

  // relative path (from the tree root) → Markdown; Hugo names section pages `_index.md`
  const files = new Map();
  files.set('index.md', `${fm('Documentation', 1)}\n${prose(rng, 3)}\n\n## Areas\n\n${sections.map((s) => `- [${s.title}](/${s.dir}/)`).join('\n')}\n`);
  for (const s of sections) {
    files.set(`${s.dir}/index.md`, `${fm(s.title, s.order)}\n${prose(rng, 4)}\n\n## Overview\n\n${prose(rng, 3)}\n`);
  }
  for (const l of leaves) {
    const body = [`${prose(rng, 3)}`];
    l.headings.forEach((h, i) => {
      const links = [];
      for (let k = 0; k < CROSS_LINKS / 3; k++) {
        const t = leaves[rng.int(0, leaves.length - 1)];
        const anchor = k % 2 === 0 ? `#${slug(rng.pick(t.headings))}` : '';
        links.push(`[${t.title}](${t.url}${anchor})`);
      }
      body.push(`## ${h}\n\n${prose(rng, 4)} See ${links.join(', ')}.${i === 0 ? `\n\n${prose(rng, 3)}` : ''}`);
    });
    files.set(`${l.section.dir}/${l.slug}.md`, `${fm(l.title, l.order)}\n${body.join('\n\n')}\n`);
  }

  const trees = { content: (rel) => rel, eleventy: (rel) => rel, hugo: (rel) => (rel === 'index.md' || rel.endsWith('/index.md') ? rel.replace(/index\.md$/, '_index.md') : rel) };
  for (const name of ['content', 'eleventy', 'hugo']) await remove(path.join(dir, name));
  const made = new Set();
  for (const [name, map] of Object.entries(trees)) {
    const base = name === 'hugo' ? path.join(dir, 'hugo', 'content') : path.join(dir, name);
    for (const [rel, text] of files) {
      const target = path.join(base, map(rel));
      if (!made.has(path.dirname(target))) {
        await mkdir(path.dirname(target), { recursive: true });
        made.add(path.dirname(target));
      }
      await writeFile(target, text);
    }
  }
  await mkdir(path.join(dir, 'eleventy', '_includes'), { recursive: true });
  await writeFile(path.join(dir, 'eleventy', '_includes', 'dense.njk'), ELEVENTY_LAYOUT);
  await writeFile(path.join(dir, 'eleventy.config.mjs'), ELEVENTY_CONFIG);
  await mkdir(path.join(dir, 'hugo', 'layouts', '_default'), { recursive: true });
  await writeFile(path.join(dir, 'hugo', 'config.toml'), HUGO_CONFIG);
  await writeFile(path.join(dir, 'hugo', 'layouts', '_default', 'baseof.html'), HUGO_BASEOF);
  for (const kind of ['single', 'list']) await writeFile(path.join(dir, 'hugo', 'layouts', '_default', `${kind}.html`), '{{ define "main" }}{{ end }}');
  // Hugo's baseof needs a "main" block only if it uses one; this one renders everything itself
  await writeFile(path.join(dir, 'docsgen.config.yaml'), 'variables:\n  bench_corpus: dense\n');
  const mid = leaves[Math.floor(leaves.length / 2)];
  return {
    dir,
    pages: files.size,
    sections: sectionCount,
    leafPages: leaves.length,
    expectedLinksPerPage: sectionCount + Math.ceil(leafCount / sectionCount) + CROSS_LINKS,
    editPage: { file: `content/${mid.section.dir}/${mid.slug}.md`, url: mid.url },
  };
}
