#!/usr/bin/env node
// Draws the sample site's illustrations (mapping-and-location-services pages, the
// home page and the web-manifest icon) from hand-written SVG with sharp.
// Deterministic: a seeded PRNG replaces Math.random, so re-running the script
// rewrites byte-identical files on the same sharp/libvips build.
// Usage: node scripts/make-sample-images.mjs [--check]
//   --check  only reports which files differ from what would be written.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mulberry32 } from './mulberry32.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MLS = 'content/mapping-and-location-services';

/** Palette shared by every drawing so the set looks like one family. */
const C = {
  water: '#bfe3f5',
  land: '#eef1e6',
  park: '#cfe8c4',
  road: '#ffffff',
  roadEdge: '#c9c9c9',
  major: '#f6c26b',
  ink: '#2b2b2b',
  muted: '#6b6b6b',
  blue: '#007ac2',
  teal: '#00a0a0',
  orange: '#e86a1f',
  purple: '#7a4bc4',
  red: '#d83020',
  green: '#35ac46',
  panel: '#ffffff',
};

/** Rounds to one decimal so SVG text does not depend on float noise. */
const r1 = (n) => Math.round(n * 10) / 10;

/** Escapes text placed inside SVG elements. */
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svgDoc(w, h, body, { background } = {}) {
  const bg = background ? `<rect width="${w}" height="${h}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
  <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
    <path d="M0,0 L10,5 L0,10 z" fill="${C.ink}"/>
  </marker>
  <filter id="shadow" x="-10%" y="-10%" width="130%" height="140%">
    <feDropShadow dx="0" dy="2" stdDeviation="3" flood-color="#000" flood-opacity="0.18"/>
  </filter>
</defs>
${bg}${body}
</svg>`;
}

function text(x, y, s, { size = 18, weight = 400, fill = C.ink, anchor = 'middle' } = {}) {
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(s)}</text>`;
}

function box(x, y, w, h, label, { fill = C.panel, stroke = C.blue, sub, size = 18 } = {}) {
  const lines = [
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="3" filter="url(#shadow)"/>`,
    text(x + w / 2, y + h / 2 + (sub ? -4 : 6), label, { size, weight: 700 }),
  ];
  if (sub) lines.push(text(x + w / 2, y + h / 2 + 20, sub, { size: size - 4, fill: C.muted }));
  return lines.join('\n');
}

function arrow(x1, y1, x2, y2, { color = C.ink, dash } = {}) {
  const d = dash ? ` stroke-dasharray="${dash}"` : '';
  return `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${color}" stroke-width="3"${d} marker-end="url(#arrow)"/>`;
}

function pin(x, y, color = C.red, scale = 1) {
  const s = scale;
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s})">
<path d="M0,0 C-4,-10 -14,-16 -14,-28 A14,14 0 1 1 14,-28 C14,-16 4,-10 0,0 z" fill="${color}" stroke="#fff" stroke-width="2"/>
<circle cx="0" cy="-28" r="5" fill="#fff"/></g>`;
}

/** A map-like background: land, a lake, parks, a street grid and two arterials. */
function mapBase(w, h, rng, { opaque = true, tile = 0 } = {}) {
  const parts = [];
  if (opaque) parts.push(`<rect width="${w}" height="${h}" fill="${C.land}"/>`);
  const lx = w * (0.55 + rng() * 0.3);
  const ly = h * (0.1 + rng() * 0.2);
  parts.push(`<ellipse cx="${r1(lx)}" cy="${r1(ly)}" rx="${r1(w * 0.18)}" ry="${r1(h * 0.14)}" fill="${C.water}"/>`);
  parts.push(`<path d="M0,${r1(h * 0.82)} C${r1(w * 0.3)},${r1(h * 0.7)} ${r1(w * 0.6)},${r1(h * 0.98)} ${w},${r1(h * 0.86)} L${w},${h} L0,${h} z" fill="${C.water}"/>`);
  for (let i = 0; i < 4; i++) {
    const px = rng() * w * 0.8;
    const py = rng() * h * 0.6 + h * 0.1;
    parts.push(`<rect x="${r1(px)}" y="${r1(py)}" width="${r1(w * 0.08 + rng() * w * 0.06)}" height="${r1(h * 0.06 + rng() * h * 0.06)}" rx="6" fill="${C.park}"/>`);
  }
  const step = Math.max(40, Math.round(w / 14));
  for (let x = step / 2; x < w; x += step) {
    const jitter = (rng() - 0.5) * 10;
    parts.push(`<line x1="${r1(x + jitter)}" y1="0" x2="${r1(x - jitter)}" y2="${h}" stroke="${C.roadEdge}" stroke-width="6"/>`);
    parts.push(`<line x1="${r1(x + jitter)}" y1="0" x2="${r1(x - jitter)}" y2="${h}" stroke="${C.road}" stroke-width="4"/>`);
  }
  for (let y = step / 2; y < h; y += step) {
    const jitter = (rng() - 0.5) * 10;
    parts.push(`<line x1="0" y1="${r1(y + jitter)}" x2="${w}" y2="${r1(y - jitter)}" stroke="${C.roadEdge}" stroke-width="6"/>`);
    parts.push(`<line x1="0" y1="${r1(y + jitter)}" x2="${w}" y2="${r1(y - jitter)}" stroke="${C.road}" stroke-width="4"/>`);
  }
  parts.push(`<path d="M0,${r1(h * 0.35)} Q${r1(w * 0.5)},${r1(h * 0.15)} ${w},${r1(h * 0.55)}" fill="none" stroke="${C.major}" stroke-width="10"/>`);
  parts.push(`<path d="M${r1(w * 0.3)},0 Q${r1(w * 0.4)},${r1(h * 0.5)} ${r1(w * 0.25)},${h}" fill="none" stroke="${C.major}" stroke-width="8"/>`);
  if (tile) {
    for (let x = 0; x <= w; x += tile) parts.push(`<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="${C.blue}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="8 6"/>`);
    for (let y = 0; y <= h; y += tile) parts.push(`<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${C.blue}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="8 6"/>`);
  }
  return parts.join('\n');
}

/** A route-like polyline wandering from (x1,y1) to (x2,y2). */
function routePath(x1, y1, x2, y2, rng, n = 6) {
  const pts = [[x1, y1]];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    pts.push([x1 + (x2 - x1) * t + (rng() - 0.5) * 80, y1 + (y2 - y1) * t + (rng() - 0.5) * 80]);
  }
  pts.push([x2, y2]);
  return pts.map(([x, y], i) => `${i ? 'L' : 'M'}${r1(x)},${r1(y)}`).join(' ');
}

/** Every image: path relative to the repo root, size, format and SVG body. */
const IMAGES = [
  {
    path: 'content/images/site-icon.png',
    width: 1024,
    height: 1024,
    draw: (w, h) =>
      svgDoc(w, h, `
<clipPath id="disc"><circle cx="512" cy="512" r="470"/></clipPath>
<circle cx="512" cy="512" r="470" fill="${C.blue}"/>
<path clip-path="url(#disc)" d="M20,600 C300,520 420,700 600,610 C760,530 840,640 1000,600 L1000,1000 L20,1000 z" fill="${C.teal}" opacity="0.9"/>
<path d="M230,360 L470,300 L560,430 L790,390" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="1 60"/>
<g transform="translate(512,640) scale(9)"><path d="M0,0 C-4,-10 -14,-16 -14,-28 A14,14 0 1 1 14,-28 C14,-16 4,-10 0,0 z" fill="#fff"/><circle cx="0" cy="-28" r="6" fill="${C.blue}"/></g>`),
  },
  {
    path: 'content/images/platform-overview.png',
    width: 1200,
    height: 560,
    draw: (w, h) => {
      const cols = [
        ['Mapping', 'basemaps, layers', C.blue],
        ['Geocoding', 'addresses', C.teal],
        ['Places', 'points of interest', C.orange],
        ['Routing', 'directions', C.purple],
      ];
      const bw = 240;
      const gap = (w - cols.length * bw) / (cols.length + 1);
      let body = text(w / 2, 60, 'One platform, many location services', { size: 30, weight: 700 });
      body += box(w / 2 - 200, 420, 400, 90, 'Your app', { stroke: C.ink, sub: 'web, mobile, desktop, scripts', size: 24 });
      cols.forEach(([t, s, c], i) => {
        const x = gap + i * (bw + gap);
        body += box(x, 130, bw, 110, t, { stroke: c, sub: s, size: 24 });
        body += arrow(w / 2 + (i - 1.5) * 70, 418, x + bw / 2, 246, { color: c });
      });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/images/services-overview.png`,
    width: 1400,
    height: 700,
    draw: (w, h) => {
      const rng = mulberry32(11);
      let body = `<g opacity="0.55">${mapBase(w, h, rng)}</g>`;
      body += box(60, 60, 360, 100, 'Basemap styles', { stroke: C.blue, sub: 'vector and raster tiles', size: 26 });
      body += box(520, 60, 360, 100, 'Geocoding', { stroke: C.teal, sub: 'address to coordinates', size: 26 });
      body += box(980, 60, 360, 100, 'Places', { stroke: C.orange, sub: 'nearby points of interest', size: 26 });
      body += box(60, 540, 360, 100, 'Routing', { stroke: C.purple, sub: 'routes and service areas', size: 26 });
      body += box(520, 540, 360, 100, 'Elevation', { stroke: C.green, sub: 'heights along a line', size: 26 });
      body += box(980, 540, 360, 100, 'Enrichment', { stroke: C.red, sub: 'demographics by area', size: 26 });
      body += `<path d="${routePath(300, 400, 1100, 330, rng)}" fill="none" stroke="${C.purple}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`;
      body += pin(300, 400, C.green, 1.4) + pin(1100, 330, C.red, 1.4);
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/images/get-started-flow.png`,
    width: 1000,
    height: 360,
    draw: (w, h) => {
      const steps = [
        ['1. Account', 'sign up'],
        ['2. Credentials', 'API key or OAuth'],
        ['3. Call a service', 'REST or SDK'],
      ];
      let body = text(w / 2, 50, 'From sign-up to first request', { size: 26, weight: 700 });
      steps.forEach(([t, s], i) => {
        const x = 40 + i * 330;
        body += box(x, 130, 260, 120, t, { stroke: [C.blue, C.orange, C.green][i], sub: s, size: 22 });
        if (i < steps.length - 1) body += arrow(x + 264, 190, x + 326, 190);
      });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/mapping/images/basemap-styles.jpg`,
    width: 1600,
    height: 900,
    draw: (w, h) => {
      const rng = mulberry32(21);
      const names = ['Streets', 'Dark gray', 'Imagery', 'Outdoor'];
      const tints = ['none', '#1f2328', '#355e3b', '#8fb573'];
      const cw = w / 2;
      const ch = h / 2;
      let body = '';
      names.forEach((n, i) => {
        const x = (i % 2) * cw;
        const y = Math.floor(i / 2) * ch;
        body += `<g transform="translate(${x},${y})"><svg width="${cw}" height="${ch}">${mapBase(cw, ch, rng)}`;
        if (tints[i] !== 'none') body += `<rect width="${cw}" height="${ch}" fill="${tints[i]}" opacity="${i === 1 ? 0.8 : 0.45}"/>`;
        body += `</svg>`;
        body += `<rect x="24" y="24" width="240" height="56" rx="8" fill="#fff" opacity="0.92"/>`;
        body += text(144, 62, n, { size: 28, weight: 700 });
        body += '</g>';
      });
      body += `<line x1="${cw}" y1="0" x2="${cw}" y2="${h}" stroke="#fff" stroke-width="6"/><line x1="0" y1="${ch}" x2="${w}" y2="${ch}" stroke="#fff" stroke-width="6"/>`;
      return svgDoc(w, h, body, { background: '#ffffff' });
    },
  },
  {
    path: `${MLS}/mapping/images/data-layers-stack.png`,
    width: 800,
    height: 600,
    draw: (w, h) => {
      const layers = [
        ['Graphics', C.red],
        ['Feature layer', C.orange],
        ['Vector tile layer', C.teal],
        ['Basemap', C.blue],
      ];
      let body = '';
      layers.forEach(([n, c], i) => {
        const y = 90 + i * 115;
        body += `<path d="M200,${y + 40} L400,${y} L640,${y + 40} L440,${y + 80} z" fill="${c}" fill-opacity="0.75" stroke="#fff" stroke-width="3"/>`;
        body += text(60, y + 48, n, { size: 20, weight: 700, anchor: 'start' });
      });
      body += arrow(720, 480, 720, 100);
      body += text(730, 80, 'drawn last', { size: 16, fill: C.muted, anchor: 'end' });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/mapping/images/graphics-types.png`,
    width: 900,
    height: 400,
    draw: (w, h) => {
      let body = '';
      body += `<rect x="20" y="20" width="${w - 40}" height="${h - 40}" rx="16" fill="#fff" fill-opacity="0.85" stroke="${C.roadEdge}"/>`;
      body += pin(150, 250, C.red, 2) + text(150, 330, 'Point', { size: 22, weight: 700 });
      body += `<polyline points="330,260 390,170 460,230 540,140" fill="none" stroke="${C.blue}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`;
      body += text(435, 330, 'Polyline', { size: 22, weight: 700 });
      body += `<polygon points="630,260 660,140 780,130 820,230 730,280" fill="${C.orange}" fill-opacity="0.45" stroke="${C.orange}" stroke-width="5"/>`;
      body += text(720, 330, 'Polygon', { size: 22, weight: 700 });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/mapping/images/scene-3d.jpg`,
    width: 1200,
    height: 675,
    draw: (w, h) => {
      const rng = mulberry32(31);
      let body = `<rect width="${w}" height="${h * 0.45}" fill="#cfe6fa"/><rect y="${h * 0.45}" width="${w}" height="${h * 0.55}" fill="${C.land}"/>`;
      body += `<path d="M0,${h * 0.45} L180,${h * 0.25} L330,${h * 0.4} L520,${h * 0.18} L700,${h * 0.42} L900,${h * 0.22} L${w},${h * 0.45} z" fill="#9bb48a"/>`;
      for (let i = 0; i < 14; i++) {
        const x = 60 + i * 80 + rng() * 20;
        const bh = 60 + rng() * 220;
        const bw = 50;
        const y = h * 0.9 - bh;
        body += `<path d="M${r1(x)},${r1(y)} l${bw},0 l20,-14 l-${bw},0 z" fill="#d9d9d9"/>`;
        body += `<rect x="${r1(x)}" y="${r1(y)}" width="${bw}" height="${r1(bh)}" fill="#a7b4c2"/>`;
        body += `<path d="M${r1(x + bw)},${r1(y)} l20,-14 l0,${r1(bh)} l-20,14 z" fill="#7d8b99"/>`;
      }
      body += `<rect y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="#8c8c8c"/>`;
      return svgDoc(w, h, body, { background: '#ffffff' });
    },
  },
  {
    path: `${MLS}/geocoding/images/geocoding-flow.png`,
    width: 1100,
    height: 420,
    draw: (w, h) => {
      let body = '';
      body += box(30, 150, 300, 120, '"1 Main St, Springfield"', { stroke: C.ink, sub: 'text input', size: 18 });
      body += box(400, 150, 300, 120, 'Geocoding service', { stroke: C.teal, sub: 'parse, match, score', size: 22 });
      body += box(770, 150, 300, 120, 'Candidates', { stroke: C.blue, sub: 'x, y, score, attributes', size: 22 });
      body += arrow(334, 210, 396, 210) + arrow(704, 210, 766, 210);
      body += text(w / 2, 60, 'Forward geocoding: text in, locations out', { size: 26, weight: 700 });
      body += arrow(920, 274, 920, 360, { dash: '6 6' }) + text(920, 395, 'best match on the map', { size: 16, fill: C.muted });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/geocoding/images/reverse-geocode.png`,
    width: 600,
    height: 450,
    draw: (w, h) => {
      const rng = mulberry32(41);
      let body = `<clipPath id="c"><rect width="${w}" height="${h}" rx="24"/></clipPath><g clip-path="url(#c)">${mapBase(w, h, rng)}</g>`;
      body += `<circle cx="300" cy="260" r="40" fill="${C.blue}" fill-opacity="0.2" stroke="${C.blue}" stroke-width="3"/>`;
      body += `<circle cx="300" cy="260" r="8" fill="${C.blue}"/>`;
      body += `<rect x="320" y="120" width="250" height="90" rx="10" fill="#fff" filter="url(#shadow)"/>`;
      body += text(445, 155, '12 Harbor Rd', { size: 20, weight: 700 }) + text(445, 185, 'Postal, City, Region', { size: 15, fill: C.muted });
      body += arrow(305, 250, 360, 214);
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/geocoding/images/autosuggest-dropdown.png`,
    width: 400,
    height: 300,
    draw: (w, h) => {
      const items = ['Main Street Station', 'Main St, Riverton', 'Maine Coffee House', 'Mainland Park'];
      let body = `<rect x="20" y="20" width="360" height="52" rx="8" fill="#fff" stroke="${C.blue}" stroke-width="3"/>`;
      body += text(40, 54, 'Main|', { size: 20, anchor: 'start' });
      body += `<rect x="20" y="80" width="360" height="${items.length * 46 + 10}" rx="8" fill="#fff" filter="url(#shadow)"/>`;
      items.forEach((s, i) => {
        if (i === 0) body += `<rect x="24" y="${88 + i * 46}" width="352" height="42" rx="6" fill="#e5f2fa"/>`;
        body += text(44, 116 + i * 46, s, { size: 17, anchor: 'start' });
      });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/place-finding/images/nearby-search-radius.png`,
    width: 700,
    height: 700,
    draw: (w, h) => {
      const rng = mulberry32(51);
      let body = `<clipPath id="c"><circle cx="350" cy="350" r="340"/></clipPath><g clip-path="url(#c)">${mapBase(w, h, rng)}</g>`;
      body += `<circle cx="350" cy="350" r="220" fill="${C.orange}" fill-opacity="0.12" stroke="${C.orange}" stroke-width="4" stroke-dasharray="12 8"/>`;
      body += arrow(350, 350, 570, 350, { color: C.orange }) + text(460, 340, 'radius', { size: 20, weight: 700, fill: C.orange });
      for (let i = 0; i < 9; i++) {
        const a = rng() * Math.PI * 2;
        const d = 40 + rng() * 170;
        body += pin(350 + Math.cos(a) * d, 350 + Math.sin(a) * d, [C.red, C.purple, C.teal][i % 3], 0.9);
      }
      body += `<circle cx="350" cy="350" r="10" fill="${C.blue}" stroke="#fff" stroke-width="3"/>`;
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/place-finding/images/place-categories-tree.png`,
    width: 900,
    height: 500,
    draw: (w, h) => {
      let body = box(330, 30, 240, 70, 'All categories', { stroke: C.ink, size: 20 });
      const mid = [
        ['Food', 130],
        ['Travel', 450],
        ['Health', 770],
      ];
      const leaves = { Food: ['Cafe', 'Bakery'], Travel: ['Hotel', 'Airport'], Health: ['Pharmacy', 'Clinic'] };
      for (const [n, cx] of mid) {
        body += arrow(450, 102, cx, 196);
        body += box(cx - 100, 200, 200, 64, n, { stroke: C.orange, size: 20 });
        leaves[n].forEach((leaf, i) => {
          const lx = cx - 70 + i * 140;
          body += arrow(cx, 266, lx, 366, { dash: '5 5' });
          body += box(lx - 62, 370, 124, 56, leaf, { stroke: C.teal, size: 16 });
        });
      }
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/place-finding/tutorials/images/nearby-places-result.jpg`,
    width: 1000,
    height: 600,
    draw: (w, h) => {
      const rng = mulberry32(61);
      let body = mapBase(w, h, rng);
      body += `<rect x="20" y="20" width="300" height="${h - 40}" rx="10" fill="#fff" filter="url(#shadow)"/>`;
      body += text(40, 60, 'Coffee near you', { size: 22, weight: 700, anchor: 'start' });
      const names = ['Harbor Roasters', 'Bean There', 'Corner Cup', 'Morning Ritual', 'Steam & Co'];
      names.forEach((n, i) => {
        body += text(40, 110 + i * 70, n, { size: 18, weight: 700, anchor: 'start' });
        body += text(40, 134 + i * 70, `${(0.2 + i * 0.3).toFixed(1)} km`, { size: 15, fill: C.muted, anchor: 'start' });
        body += pin(420 + rng() * 500, 120 + rng() * 420, C.orange, 1.1);
      });
      return svgDoc(w, h, body, { background: '#ffffff' });
    },
  },
  {
    path: `${MLS}/routing-and-directions/images/route-line.png`,
    width: 1200,
    height: 700,
    draw: (w, h) => {
      const rng = mulberry32(71);
      let body = `<g opacity="0.9">${mapBase(w, h, rng, { opaque: false })}</g>`;
      body += `<path d="${routePath(120, 560, 1060, 140, rng, 8)}" fill="none" stroke="${C.purple}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`;
      body += pin(120, 560, C.green, 1.6) + pin(1060, 140, C.red, 1.6);
      body += `<rect x="760" y="480" width="400" height="170" rx="12" fill="#fff" filter="url(#shadow)"/>`;
      body += text(780, 520, 'Total: 14.2 km, 23 min', { size: 22, weight: 700, anchor: 'start' });
      body += text(780, 560, '1. Head north on Elm St', { size: 17, anchor: 'start' });
      body += text(780, 590, '2. Turn right onto Bay Ave', { size: 17, anchor: 'start' });
      body += text(780, 620, '3. Arrive at destination', { size: 17, anchor: 'start' });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/routing-and-directions/images/service-areas.png`,
    width: 800,
    height: 800,
    draw: (w, h) => {
      const rng = mulberry32(81);
      const ring = (r, n) => {
        const pts = [];
        for (let i = 0; i < n; i++) {
          const a = (i / n) * Math.PI * 2;
          const rr = r * (0.75 + rng() * 0.4);
          pts.push(`${r1(400 + Math.cos(a) * rr)},${r1(400 + Math.sin(a) * rr)}`);
        }
        return pts.join(' ');
      };
      let body = '';
      body += `<polygon points="${ring(330, 20)}" fill="${C.blue}" fill-opacity="0.18" stroke="${C.blue}" stroke-width="3"/>`;
      body += `<polygon points="${ring(220, 18)}" fill="${C.teal}" fill-opacity="0.3" stroke="${C.teal}" stroke-width="3"/>`;
      body += `<polygon points="${ring(110, 14)}" fill="${C.green}" fill-opacity="0.45" stroke="${C.green}" stroke-width="3"/>`;
      body += pin(400, 400, C.red, 1.5);
      body += text(400, 60, '5, 10 and 15 minute drive times', { size: 24, weight: 700 });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/routing-and-directions/images/closest-facility.png`,
    width: 900,
    height: 600,
    draw: (w, h) => {
      const rng = mulberry32(91);
      let body = `<g opacity="0.7">${mapBase(w, h, rng, { opaque: false })}</g>`;
      const incident = [450, 320];
      const facilities = [
        [130, 120],
        [780, 140],
        [700, 520],
        [160, 500],
      ];
      facilities.forEach(([x, y], i) => {
        const best = i < 2;
        body += `<path d="${routePath(incident[0], incident[1], x, y, rng, 4)}" fill="none" stroke="${best ? C.purple : C.muted}" stroke-width="${best ? 9 : 4}" stroke-dasharray="${best ? 'none' : '10 8'}" stroke-linecap="round"/>`;
        body += `<rect x="${x - 18}" y="${y - 18}" width="36" height="36" rx="6" fill="${C.blue}" stroke="#fff" stroke-width="3"/>`;
      });
      body += pin(incident[0], incident[1], C.red, 1.5);
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/routing-and-directions/images/vrp-routes.jpg`,
    width: 1600,
    height: 1000,
    draw: (w, h) => {
      const rng = mulberry32(101);
      let body = mapBase(w, h, rng);
      const depot = [800, 520];
      [C.purple, C.orange, C.teal].forEach((c, k) => {
        const stops = [];
        // Each vehicle serves its own sector around the depot, as a solved VRP would.
        for (let i = 0; i < 5; i++) {
          const a = ((k + (i + 0.5) / 5) * 2 * Math.PI) / 3 + (rng() - 0.5) * 0.3;
          const d = 180 + rng() * 260;
          stops.push([depot[0] + Math.cos(a) * d * 1.5, depot[1] + Math.sin(a) * d]);
        }
        const pts = [depot, ...stops, depot].map(([x, y], i) => `${i ? 'L' : 'M'}${r1(x)},${r1(y)}`).join(' ');
        body += `<path d="${pts}" fill="none" stroke="${c}" stroke-width="10" stroke-linejoin="round" stroke-opacity="0.9"/>`;
        stops.forEach(([x, y], i) => {
          body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="18" fill="${c}" stroke="#fff" stroke-width="4"/>`;
          body += text(x, y + 7, String(i + 1), { size: 18, weight: 700, fill: '#fff' });
        });
        body += text(60, 60 + k * 40, `Vehicle ${k + 1}`, { size: 26, weight: 700, fill: c, anchor: 'start' });
      });
      body += `<rect x="${depot[0] - 26}" y="${depot[1] - 26}" width="52" height="52" rx="8" fill="${C.ink}" stroke="#fff" stroke-width="4"/>`;
      return svgDoc(w, h, body, { background: '#ffffff' });
    },
  },
  {
    path: `${MLS}/data-visualization/images/class-breaks.png`,
    width: 1000,
    height: 500,
    draw: (w, h) => {
      const rng = mulberry32(111);
      const ramp = ['#fef0d9', '#fdcc8a', '#fc8d59', '#e34a33', '#b30000'];
      let body = '';
      for (let row = 0; row < 6; row++) {
        for (let col = 0; col < 9; col++) {
          const v = Math.min(4, Math.floor(rng() * 5 * (0.5 + col / 12)));
          body += `<rect x="${40 + col * 70}" y="${40 + row * 70}" width="66" height="66" fill="${ramp[v]}" stroke="#fff" stroke-width="2"/>`;
        }
      }
      body += text(740, 60, 'Population density', { size: 20, weight: 700, anchor: 'start' });
      ['< 50', '50 - 200', '200 - 800', '800 - 3,000', '> 3,000'].forEach((l, i) => {
        body += `<rect x="740" y="${90 + i * 50}" width="40" height="34" fill="${ramp[i]}" stroke="${C.roadEdge}"/>`;
        body += text(795, 114 + i * 50, l, { size: 18, anchor: 'start' });
      });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/data-visualization/images/extrusion-3d.jpg`,
    width: 1200,
    height: 800,
    draw: (w, h) => {
      const rng = mulberry32(121);
      const ramp = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'];
      let body = `<rect width="${w}" height="${h}" fill="#f4f4f4"/>`;
      // Back rows first so nearer bars overlap them (painter's algorithm).
      for (let row = 6; row >= 0; row--) {
        for (let col = 0; col < 10; col++) {
          const x = 120 + col * 76 + row * 40;
          const y = 700 - row * 50;
          const v = rng();
          const bh = 20 + v * 260;
          const c = ramp[Math.min(4, Math.floor(v * 5))];
          body += `<path d="M${r1(x)},${r1(y - bh)} l60,0 l30,-20 l-60,0 z" fill="${c}" stroke="#fff" stroke-width="1"/>`;
          body += `<rect x="${r1(x)}" y="${r1(y - bh)}" width="60" height="${r1(bh)}" fill="${c}" stroke="#666" stroke-width="0.5"/>`;
          body += `<path d="M${r1(x + 60)},${r1(y - bh)} l30,-20 l0,${r1(bh)} l-30,20 z" fill="#000" fill-opacity="0.25"/>`;
        }
      }
      return svgDoc(w, h, body, { background: '#ffffff' });
    },
  },
  {
    path: `${MLS}/data-enrichment/images/enrichment-flow.png`,
    width: 1000,
    height: 400,
    draw: (w, h) => {
      let body = text(w / 2, 50, 'Enrichment adds facts about an area', { size: 26, weight: 700 });
      body += `<polygon points="60,300 110,160 230,150 270,260 180,320" fill="${C.teal}" fill-opacity="0.35" stroke="${C.teal}" stroke-width="4"/>`;
      body += text(165, 360, 'study area', { size: 18, fill: C.muted });
      body += arrow(290, 240, 370, 240);
      body += box(380, 180, 240, 120, 'Enrich service', { stroke: C.red, sub: 'analysis variables', size: 22 });
      body += arrow(624, 240, 700, 240);
      body += `<rect x="710" y="130" width="260" height="220" rx="10" fill="#fff" stroke="${C.ink}" stroke-width="2" filter="url(#shadow)"/>`;
      [['TOTPOP', '48,210'], ['MEDHINC', '61,300'], ['AVGHHSZ', '2.41'], ['MEDAGE', '37.9']].forEach(([k, v], i) => {
        body += text(730, 175 + i * 44, k, { size: 17, weight: 700, anchor: 'start' });
        body += text(950, 175 + i * 44, v, { size: 17, anchor: 'end' });
      });
      return svgDoc(w, h, body);
    },
  },
  {
    path: `${MLS}/data-enrichment/tutorials/images/enriched-layer.png`,
    width: 800,
    height: 500,
    draw: (w, h) => {
      const rng = mulberry32(131);
      const ramp = ['#edf8e9', '#bae4b3', '#74c476', '#31a354', '#006d2c'];
      let body = '';
      for (let i = 0; i < 12; i++) {
        const cx = 90 + (i % 4) * 170 + rng() * 30;
        const cy = 110 + Math.floor(i / 4) * 140 + rng() * 20;
        const pts = [];
        for (let k = 0; k < 6; k++) {
          const a = (k / 6) * Math.PI * 2;
          pts.push(`${r1(cx + Math.cos(a) * 80)},${r1(cy + Math.sin(a) * 66)}`);
        }
        body += `<polygon points="${pts.join(' ')}" fill="${ramp[Math.floor(rng() * 5)]}" stroke="#fff" stroke-width="3"/>`;
      }
      body += `<rect x="520" y="20" width="260" height="60" rx="8" fill="#fff" filter="url(#shadow)"/>`;
      body += text(650, 58, 'Median household income', { size: 16, weight: 700 });
      return svgDoc(w, h, body);
    },
  },
];

/** Renders one spec to an encoded buffer (PNG keeps alpha; JPEG is flattened on white). */
async function render(spec) {
  const svg = spec.draw(spec.width, spec.height);
  const img = sharp(Buffer.from(svg), { density: 72 }).resize(spec.width, spec.height, { fit: 'fill' });
  if (spec.path.endsWith('.jpg')) {
    return img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
  return img.png({ compressionLevel: 9, palette: false }).toBuffer();
}

async function main() {
  const check = process.argv.includes('--check');
  let differ = 0;
  for (const spec of IMAGES) {
    const buf = await render(spec);
    const out = join(root, spec.path);
    const rel = relative(root, out);
    if (check) {
      const old = await readFile(out).catch(() => null);
      if (!old || !old.equals(buf)) {
        differ++;
        console.log(`differs: ${rel}`);
      }
      continue;
    }
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, buf);
    console.log(`${rel}  ${spec.width}x${spec.height}  ${buf.length} bytes`);
  }
  if (check) {
    console.log(differ ? `${differ} image(s) differ` : 'all images up to date');
    process.exitCode = differ ? 1 : 0;
  }
}

await main();
