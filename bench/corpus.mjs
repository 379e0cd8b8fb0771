// Deterministic docs-like corpus for `npm run bench`: the same (pages, seed) always writes the same bytes,
// so figures from different commits are measured on identical input.
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { parse } from 'yaml';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { slug } from 'github-slugger';
import sharp from 'sharp';
import { mulberry32 } from '../scripts/mulberry32.mjs';

const SAMPLE_VARIABLES = parse(readFileSync(new URL('../docsgen.config.yaml', import.meta.url), 'utf8')).variables;
const LAYOUT = fileURLToPath(new URL('./eleventy/_includes/base.njk', import.meta.url));
/** Leaf pages per folder the generator aims for (a real docs folder holds roughly this many). */
const LEAVES_PER_FOLDER = 20;
/** Distinct figures shared by all pages; each folder gets copies of the ones its pages use. */
const FIGURES = 20;
/** Prose words per leaf page (code excluded), before the per-page jitter. */
const WORDS_PER_LEAF = 700;

const SUBJECTS = ['The feature layer', 'A vector tile layer', 'The map view', 'Your application', 'The geocoding service', 'Each request', 'The basemap style', 'An API key', 'The routing service', 'A hosted feature layer', 'The portal item', 'The scene view', 'A web map', 'The query', 'The elevation service', 'The places service', 'An access token', 'The offline map area', 'The service worker', 'A spatial reference', 'The attribute table', 'The legend', 'A popup template', 'The renderer', 'The search widget', 'A tile package', 'The client library', 'The layer view', 'The geoprocessing job', 'The data service'];
const VERBS = ['returns', 'stores', 'renders', 'queries', 'caches', 'filters', 'projects', 'references', 'updates', 'loads', 'requests', 'draws', 'validates', 'exposes', 'combines', 'simplifies', 'reprojects', 'streams', 'indexes', 'publishes', 'resolves', 'downloads', 'paginates', 'generalizes', 'symbolizes'];
const OBJECTS = ['a set of features', 'the spatial reference of the view', 'the current map extent', 'an access token', 'the attribute values', 'each vertex of the geometry', 'the tile cache', 'the nearest facilities', 'a list of candidate addresses', 'the visible scale range', 'the route geometry', 'the feature service endpoint', 'the style of every layer', 'the results of a spatial query', 'the configured popup fields', 'the elevation surface', 'the service definition', 'a collection of graphics', 'the travel mode', 'the pending edits', 'the field aliases', 'the basemap gallery', 'the place categories', 'the drive-time polygons', 'the layer metadata'];
const MODIFIERS = ['when the view is ready', 'for each tile in the current extent', 'before the request is sent', 'without additional configuration', 'after the user signs in', 'as the map is panned', 'in the order returned by the service', 'only when the scale changes', 'on a background thread', 'for every page of results', 'once the layer has loaded', 'within the default timeout', 'using the web Mercator projection', 'if the token has expired', 'while the application is offline', 'according to the field type', 'from the nearest edge server', 'in batches of up to 100 records', 'at the requested level of detail', 'by comparing object IDs'];
const OPENERS = ['However,', 'In most cases,', 'For example,', 'As a result,', 'Alternatively,', 'By default,', 'In practice,', 'Typically,', 'To reduce latency,', 'For larger datasets,', 'In this workflow,', 'When possible,'];
const CODE_WORDS = ['FeatureLayer', 'MapView', 'SceneView', 'queryFeatures()', 'outFields', 'where', 'returnGeometry', 'spatialReference', 'token', 'apiKey', 'maxRecordCount', 'definitionExpression', 'geometryType', 'portalItem', 'resultOffset', 'f=json'];
const HEADINGS = ['Prerequisites', 'How it works', 'Configure the layer', 'Query features', 'Set the map extent', 'Style the results', 'Handle errors', 'Performance considerations', 'Authentication', 'Limits and quotas', 'Display a popup', 'Work with the response', 'Request parameters', 'Filter by attributes', 'Use a spatial query', 'Paginate results', 'Cache responses', 'Add a basemap', 'Project the geometry', 'Troubleshooting', 'Examples', 'Best practices', 'Service requests', 'Client libraries', 'Data requirements', 'Next steps'];
const TITLE_VERBS = ['Display', 'Query', 'Style', 'Edit', 'Geocode', 'Route', 'Filter', 'Publish', 'Secure', 'Cache', 'Visualize', 'Analyze', 'Import', 'Export', 'Find', 'Search', 'Project', 'Measure', 'Share', 'Manage', 'Download', 'Configure', 'Create', 'Update'];
const TITLE_NOUNS = ['feature layers', 'vector tiles', 'basemap styles', 'addresses', 'places of interest', 'drive-time areas', 'hosted layers', 'web maps', 'scene layers', 'point clouds', 'elevation data', 'imagery', 'routes', 'service areas', 'attribute data', 'geometries', 'map tiles', 'portal items', 'user groups', 'API keys', 'offline areas', 'demographic data', 'popups', 'legends', 'labels', 'spatial relationships', 'time-enabled data', 'heat maps', 'clusters', '3D buildings'];
const SECTION_NOUNS = ['Mapping', 'Geocoding', 'Place finding', 'Routing', 'Data visualization', 'Data enrichment', 'Portals', 'Data services', 'Security', 'Offline maps', 'Spatial analysis', 'App builders', 'Elevation', 'Imagery', 'Demographics', 'Indoor mapping', 'Real-time data', 'Scene layers', 'Styling', 'Editing', 'Geometry', 'Tiles', 'Sharing', 'Administration', 'Notebooks', 'Workflows'];
const SECTION_QUALIFIERS = ['', 'Web ', 'Mobile ', 'Server ', 'Enterprise ', 'Desktop '];
const FIELDS = ['TRL_NAME', 'ELEV_GAIN', 'PARK_NAME', 'ZIP_CODE', 'POP2020', 'STATUS', 'CATEGORY', 'OWNER', 'LENGTH_KM', 'UPDATED'];
const LAYERS = ['Trails', 'Parks', 'Parcels', 'Hydrants', 'Schools', 'BikeLanes', 'Buildings', 'Zoning', 'Stops', 'Rivers'];
const VARIABLES = ['calcite_version', 'maplibre_version', 'cesium_version', 'leaflet_version', 'openlayers_version'];
const NOTES = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];
const TABLES = [
  ['Parameter', 'Type', 'Required', 'Description'],
  ['Service', 'Endpoint', 'Limit'],
  ['Property', 'Default', 'Notes'],
  ['Operation', 'Credits', 'Max records', 'Description'],
];

/** mulberry32: tiny, fast and good enough for text; seeded from an FNV-1a hash of the seed string. */
function createRng(seedText) {
  let h = 0x811c9dc5;
  for (const ch of String(seedText)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const next = mulberry32(h);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const sample = (list, n) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, chance, sample };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (s) => s.split(/\s+/).filter(Boolean).length;

function sentence(rng) {
  const opener = rng.chance(0.3) ? `${rng.pick(OPENERS)} ` : '';
  let subject = rng.pick(SUBJECTS);
  if (opener) subject = subject.charAt(0).toLowerCase() + subject.slice(1);
  let s = `${opener}${subject} ${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`;
  if (rng.chance(0.6)) s += ` ${rng.pick(MODIFIERS)}`;
  if (rng.chance(0.25)) s += `, so set \`${rng.pick(CODE_WORDS)}\` explicitly`;
  else if (rng.chance(0.15)) s += ` while **${rng.pick(OBJECTS)}** remains unchanged`;
  else if (rng.chance(0.1)) s += ` (see the *${rng.pick(HEADINGS).toLowerCase()}* guide)`;
  return `${s}.`;
}

function paragraph(rng, min = 3, max = 6) {
  return Array.from({ length: rng.int(min, max) }, () => sentence(rng)).join(' ');
}

function table(rng) {
  const head = rng.pick(TABLES);
  const rows = Array.from({ length: rng.int(3, 6) }, () =>
    head.map((h, i) => {
      if (i === 0) return `\`${rng.pick(CODE_WORDS).replace('()', '')}\``;
      if (/Type/.test(h)) return rng.pick(['String', 'Number', 'Boolean', 'Geometry', 'Array']);
      if (/Required/.test(h)) return rng.pick(['Yes', 'No']);
      if (/Limit|Max|Credits|Default/.test(h)) return String(rng.int(1, 50) * 100);
      if (/Endpoint/.test(h)) return `\`/${rng.pick(LAYERS).toLowerCase()}/query\``;
      return cap(`${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`);
    }),
  );
  return [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

// One snippet per language of the site's fences; numbers and names vary so pages do not repeat byte for byte.
function codeBlock(rng) {
  const f1 = rng.pick(FIELDS), f2 = rng.pick(FIELDS), layer = rng.pick(LAYERS), n = rng.int(2, 99) * 10;
  const url = `https://services.arcgis.com/example/arcgis/rest/services/${layer}/FeatureServer/0`;
  const snippets = {
    js: [`import FeatureLayer from "@arcgis/core/layers/FeatureLayer.js";`, ``, `// Requires the JavaScript Maps SDK {{ arcgis_js_version }}`, `const layer = new FeatureLayer({`, `  url: "${url}",`, `  outFields: ["${f1}", "${f2}"],`, `  definitionExpression: "${f1} > ${n}"`, `});`, `map.add(layer);`],
    ts: [`import Graphic from "@arcgis/core/Graphic.js";`, ``, `export function toGraphics(rows: Array<Record<string, number>>): Graphic[] {`, `  return rows`, `    .filter((row) => row.${f1} > ${n})`, `    .map((row) => new Graphic({ attributes: row }));`, `}`],
    html: [`<link rel="stylesheet" href="https://js.arcgis.com/{{ arcgis_js_version }}/esri/themes/light/main.css" />`, `<script type="module" src="https://js.arcgis.com/calcite-components/{{ calcite_version }}/calcite.esm.js"></script>`, `<script src="https://js.arcgis.com/{{ arcgis_js_version }}/"></script>`, `<arcgis-map item-id="${layer.toLowerCase()}${n}">`, `  <arcgis-zoom slot="top-left"></arcgis-zoom>`, `</arcgis-map>`],
    css: [`#viewDiv {`, `  height: ${n}vh;`, `  width: 100%;`, `  margin: 0;`, `}`, `.esri-popup__main-container {`, `  max-width: ${n * 4}px;`, `}`],
    json: [`{`, `  "layer": "${layer}",`, `  "where": "${f1} > ${n}",`, `  "outFields": ["${f1}", "${f2}"],`, `  "returnGeometry": ${rng.chance(0.5)},`, `  "f": "json"`, `}`],
    bash: [`curl "${url}/query" \\`, `  -d "where=${f1}>${n}" \\`, `  -d "outFields=${f1},${f2}" \\`, `  -d "f=json" \\`, `  -d "token=$ACCESS_TOKEN"`],
    python: [`from arcgis.gis import GIS`, `from arcgis.features import FeatureLayer`, ``, `gis = GIS(api_key="YOUR_ACCESS_TOKEN")`, `layer = FeatureLayer("${url}")`, `result = layer.query(where="${f1} > ${n}", out_fields="${f1},${f2}")`, `print(len(result.features))`],
    csharp: [`var table = new ServiceFeatureTable(new Uri("${url}"));`, `var parameters = new QueryParameters`, `{`, `    WhereClause = "${f1} > ${n}",`, `    ReturnGeometry = true`, `};`, `var result = await table.QueryFeaturesAsync(parameters);`],
    xml: [`<?xml version="1.0" encoding="utf-8"?>`, `<ArcGIS defaultAssembly="${layer}.dll" xmlns="http://schemas.esri.com/DADF/Registry">`, `  <AddInInfo id="{${layer}-${n}}" version="1.0">`, `    <Name>${layer}</Name>`, `  </AddInInfo>`, `</ArcGIS>`],
    kotlin: [`val table = ServiceFeatureTable("${url}")`, `val parameters = QueryParameters().apply {`, `    whereClause = "${f1} > ${n}"`, `    maxFeatures = ${n}`, `}`, `val result = table.queryFeatures(parameters).getOrThrow()`],
    swift: [`let table = ServiceFeatureTable(url: URL(string: "${url}")!)`, `let parameters = QueryParameters()`, `parameters.whereClause = "${f1} > ${n}"`, `let result = try await table.queryFeatures(using: parameters)`, `print(result.features().count)`],
  };
  const lang = rng.pick(Object.keys(snippets));
  return `\`\`\`${lang}\n${snippets[lang].join('\n')}\n\`\`\``;
}

/** "queries" → "Query": the imperative for numbered steps. */
function imperative(verb) {
  const base = verb.endsWith('ies') ? `${verb.slice(0, -3)}y` : /(xes|shes)$/.test(verb) ? verb.slice(0, -2) : verb.slice(0, -1);
  return cap(base);
}

function list(rng, ordered) {
  return Array.from({ length: rng.int(3, 6) }, (_, i) => {
    const item = ordered ? `${imperative(rng.pick(VERBS))} ${rng.pick(OBJECTS)} ${rng.pick(MODIFIERS)}.` : `\`${rng.pick(CODE_WORDS)}\`: ${rng.pick(OBJECTS)} ${rng.pick(MODIFIERS)}.`;
    return `${ordered ? `${i + 1}.` : '-'} ${item}`;
  }).join('\n');
}

function note(rng) {
  const kind = rng.chance(0.6) ? 'NOTE' : rng.pick(NOTES);
  return `> [!${kind}]\n> ${sentence(rng)} ${sentence(rng)}`;
}

/** Picks a slug not yet in `taken` by varying the title; falls back to a numbered title. */
function uniqueTitle(rng, taken, make) {
  for (let i = 0; i < 30; i++) {
    const title = make();
    if (!taken.has(slug(title))) return title;
  }
  let n = 2;
  const base = make();
  while (taken.has(slug(`${base} ${n}`))) n++;
  return `${base} ${n}`;
}

// Plans the tree: sections (level 1), subfolders (level 2), some tutorials/ folders (level 3), then leaves round-robin.
function planTree(rng, pages) {
  const folderTarget = Math.max(1, Math.min(Math.round((pages - 1) / (LEAVES_PER_FOLDER + 1)), Math.floor((pages - 1) / 2)));
  const folders = [];
  const sectionSlugs = new Set();
  while (folders.length < folderTarget) {
    const title = uniqueTitle(rng, sectionSlugs, () => `${rng.pick(SECTION_QUALIFIERS)}${rng.pick(SECTION_NOUNS)}`);
    sectionSlugs.add(slug(title));
    const section = { dir: slug(title), title, depth: 1, children: [], leaves: [] };
    folders.push(section);
    const subSlugs = new Set();
    const subs = rng.int(2, 5);
    for (let i = 0; i < subs && folders.length < folderTarget; i++) {
      const subTitle = uniqueTitle(rng, subSlugs, () => cap(rng.pick(TITLE_NOUNS)));
      subSlugs.add(slug(subTitle));
      const sub = { dir: `${section.dir}/${slug(subTitle)}`, title: subTitle, depth: 2, children: [], leaves: [] };
      section.children.push(sub);
      folders.push(sub);
      if (rng.chance(0.35) && folders.length < folderTarget) {
        const tut = { dir: `${sub.dir}/tutorials`, title: `${subTitle} tutorials`, depth: 3, children: [], leaves: [] };
        sub.children.push(tut);
        folders.push(tut);
      }
    }
  }
  const leafCount = pages - 1 - folders.length;
  const taken = folders.map(() => new Set(['index', 'tutorials', 'images']));
  for (let i = 0; i < leafCount; i++) {
    const fi = i % folders.length;
    const folder = folders[fi];
    const title = uniqueTitle(rng, taken[fi], () => `${rng.pick(TITLE_VERBS)} ${rng.pick(TITLE_NOUNS)}`);
    taken[fi].add(slug(title));
    const s = slug(title);
    folder.leaves.push({ file: `${folder.dir}/${s}.md`, url: `/${folder.dir}/${s}/`, slug: s, title, folder, order: folder.leaves.length + 1 });
  }
  for (const folder of folders) {
    folder.file = `${folder.dir}/index.md`;
    folder.url = `/${folder.dir}/`;
  }
  return folders;
}

function frontmatter(title, description, order, extra = '') {
  return `---\ntitle: ${title}\ndescription: ${description}\norder: ${order}\n${extra}---\n`;
}

function linkTo(rng, from, target, kind) {
  if (kind === 'rel') {
    const siblings = from.folder.leaves.filter((l) => l !== from);
    if (siblings.length > 0) {
      const t = rng.pick(siblings);
      const anchor = rng.chance(0.3) ? `#${slug(rng.pick(t.headings))}` : '';
      return `[${t.title}](./${t.slug}.md${anchor})`;
    }
    return `[${from.folder.title}](./index.md)`;
  }
  if (kind === 'anchor') {
    const heading = rng.pick(target.headings);
    return `[${heading}](${target.url}#${slug(heading)})`;
  }
  return `[${target.title}](${target.url})`;
}

function renderLeaf(rng, leaf, allLeaves, folders) {
  const blocks = leaf.headings.map((h, i) => ({ heading: `${i > 0 && rng.chance(0.25) ? '###' : '##'} ${h}`, parts: [paragraph(rng)] }));
  const features = rng.sample(['list', 'table', 'code', 'note', 'image', 'ordered'], 6);
  features.forEach((f, i) => {
    const b = blocks[i % blocks.length];
    if (f === 'list') b.parts.push(list(rng, false));
    else if (f === 'ordered') b.parts.push(list(rng, true));
    else if (f === 'table') b.parts.push(table(rng));
    else if (f === 'code') b.parts.push(codeBlock(rng));
    else if (f === 'note') b.parts.push(note(rng));
    else b.parts.push(`![Screenshot of ${leaf.title.toLowerCase()} showing ${rng.pick(OBJECTS)}](images/fig-${leaf.figure}.png)`);
    if (rng.chance(0.5)) b.parts.push(paragraph(rng, 2, 4));
  });
  const intro = [paragraph(rng, 3, 5)];
  intro[0] += ` This page applies to version {{ arcgis_js_version }} of the JavaScript Maps SDK${rng.chance(0.4) ? ` and version {{ ${rng.pick(VARIABLES)} }} of its companion library` : ''}.`;
  const prose = () => [...intro, ...blocks.flatMap((b) => b.parts)].filter((p) => !p.startsWith('```')).reduce((n, p) => n + words(p), 0);
  const target = WORDS_PER_LEAF + rng.int(-40, 60);
  while (prose() < target) rng.pick(blocks).parts.splice(1, 0, paragraph(rng, 3, 5));
  // Links go into prose paragraphs, as writers put them; at least one of each form.
  const kinds = ['abs', 'anchor', 'rel'];
  const linkCount = rng.int(3, 8);
  while (kinds.length < linkCount) kinds.push(rng.pick(['abs', 'abs', 'anchor', 'rel', 'section']));
  for (const kind of kinds) {
    const target = kind === 'section' ? rng.pick(folders) : rng.pick(allLeaves);
    const link = linkTo(rng, leaf, target, kind === 'section' ? 'abs' : kind);
    const candidates = blocks.flatMap((b) => b.parts.map((p, i) => ({ b, i, p }))).filter((c) => /^[A-Z*]/.test(c.p) && !c.p.startsWith('| ') && !c.p.startsWith('!['));
    const c = rng.pick(candidates);
    c.b.parts[c.i] = `${c.p} ${rng.pick(['For details, see', 'Learn more in', 'Related:', 'See also'])} ${link}.`;
  }
  const desc = `${cap(leaf.title.toLowerCase())} ${rng.pick(['with the location services', 'in your application', 'using the client libraries', 'step by step', 'for web and mobile apps'])}.`;
  const body = [intro[0], ...blocks.map((b) => [b.heading, ...b.parts].join('\n\n'))].join('\n\n');
  return `${frontmatter(leaf.title, desc, leaf.order)}\n${body}\n`;
}

function renderFolder(rng, folder, order) {
  const items = [...folder.children.map((c) => ({ title: c.title, url: c.url })), ...folder.leaves];
  const list = items.map((i) => `- [${i.title}](${i.url})`).join('\n');
  const body = [paragraph(rng, 2, 4), '## Overview', paragraph(rng, 3, 5), '## In this section', list || `- [Home](/)`].join('\n\n');
  return `${frontmatter(folder.title, `Guides and reference for ${folder.title.toLowerCase()}.`, order)}\n${body}\n`;
}

// Screenshot-like figures: flat UI blocks on a light background; every fifth has transparency.
async function makeFigure(rng, index) {
  const width = rng.pick([480, 640, 800, 960, 1200, 1400]);
  const height = Math.round(width * rng.pick([0.5, 0.5625, 0.625, 0.75]));
  const channels = index % 5 === 4 ? 4 : 3;
  const px = Buffer.alloc(width * height * channels, channels === 4 ? 0 : 0xf4);
  const rects = rng.int(6, 14);
  for (let r = 0; r < rects; r++) {
    const x0 = rng.int(0, width - 20), y0 = rng.int(0, height - 20);
    const x1 = Math.min(width, x0 + rng.int(20, width / 2)), y1 = Math.min(height, y0 + rng.int(20, height / 2));
    const color = [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
    const gradient = rng.chance(0.3);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = (y * width + x) * channels;
        const shade = gradient ? (x - x0) / (x1 - x0) : 1;
        px[o] = color[0] * shade; px[o + 1] = color[1] * shade; px[o + 2] = color[2];
        if (channels === 4) px[o + 3] = 255;
      }
    }
  }
  return sharp(px, { raw: { width, height, channels } }).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Writes a deterministic docs-like docsgen project to `dir/content/` and the same files, plus the bench layout,
 * to `dir/eleventy/` (Eleventy's input). Returns what the harness and other bench modules need to know.
 * `remove(path)` takes the previous files away (default: delete them; the harness moves them aside instead).
 */
export async function generateCorpus(dir, { pages, seed = 'docsgen-bench', remove = (p) => rm(p, { recursive: true, force: true }) }) {
  if (!Number.isInteger(pages) || pages < 3) throw new Error(`pages must be an integer >= 3, got ${pages}`);
  const rng = createRng(`${seed}:${pages}`);
  const contentDir = path.join(dir, 'content');
  const eleventyDir = path.join(dir, 'eleventy');
  await remove(contentDir);
  await remove(eleventyDir);

  const folders = planTree(rng, pages);
  const leaves = folders.flatMap((f) => f.leaves);
  for (const leaf of leaves) {
    leaf.headings = rng.sample(HEADINGS, rng.int(3, 5));
    leaf.figure = rng.int(1, FIGURES);
  }
  for (const folder of folders) folder.headings = ['Overview', 'In this section'];
  const figureRng = createRng(`${seed}:figures`);
  const figures = [];
  for (let i = 0; i < FIGURES; i++) figures.push(await makeFigure(figureRng, i));

  const files = new Map();
  const sections = folders.filter((f) => f.depth === 1);
  files.set('index.md', `${frontmatter('Documentation', 'Guides, tutorials and reference for the location platform.', 1, 'template: home\n')}\n${paragraph(rng)}\n\n## Sections\n\n${sections.map((s) => `- [${s.title}](${s.url})`).join('\n')}\n`);
  folders.forEach((folder) => {
    const siblings = folder.depth === 1 ? sections : folders.find((f) => f.children.includes(folder)).children;
    files.set(folder.file, renderFolder(rng, folder, siblings.indexOf(folder) + 1));
  });
  for (const leaf of leaves) {
    files.set(leaf.file, renderLeaf(rng, leaf, leaves, folders));
    files.set(`${leaf.folder.dir}/images/fig-${leaf.figure}.png`, figures[leaf.figure - 1]);
  }
  files.set('images/site-icon.png', await makeIcon());

  let bytes = 0;
  let wordCount = 0;
  const made = new Set();
  for (const [rel, data] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const base of [contentDir, eleventyDir]) {
      const target = path.join(base, rel);
      const parent = path.dirname(target);
      if (!made.has(parent)) {
        await mkdir(parent, { recursive: true });
        made.add(parent);
      }
      await writeFile(target, data);
    }
    bytes += data.length;
    if (rel.endsWith('.md')) wordCount += words(String(data));
  }
  await mkdir(path.join(eleventyDir, '_includes'), { recursive: true });
  await copyFile(LAYOUT, path.join(eleventyDir, '_includes', 'base.njk'));
  // the pages use the sample site's documentation variables, which docsgen's defaults do not define
  await writeFile(path.join(dir, 'docsgen.config.yaml'), `variables:\n${Object.entries(SAMPLE_VARIABLES).map(([k, v]) => `  ${k}: '${v}'`).join('\n')}\n`);

  const editLeaf = leaves[Math.floor(leaves.length / 2)];
  return {
    dir,
    contentDir,
    eleventyDir,
    pages: files.size - [...files.keys()].filter((f) => !f.endsWith('.md')).length,
    leafPages: leaves.length,
    sectionPages: folders.length,
    imageFiles: [...files.keys()].filter((f) => f.endsWith('.png')).length,
    bytes,
    words: wordCount,
    editPage: editLeaf ? { file: `content/${editLeaf.file}`, url: editLeaf.url } : null,
    pageList: [{ file: 'index.md', url: '/', title: 'Documentation', headings: ['Sections'] }, ...folders, ...leaves].map((p) => ({
      file: p.file,
      url: p.url,
      title: p.title,
      headings: p.headings,
    })),
  };
}

/** The manifest icon docsgen's config points at by default (content/images/site-icon.png), 512 px square. */
async function makeIcon() {
  const size = 512;
  const px = Buffer.alloc(size * size * 4, 0);
  for (let y = 96; y < 416; y++) for (let x = 96; x < 416; x++) px.set([0, 121, 193, 255], (y * size + x) * 4);
  return sharp(px, { raw: { width: size, height: size, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer();
}
