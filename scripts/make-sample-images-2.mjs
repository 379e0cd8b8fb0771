#!/usr/bin/env node
// Draws the diagrams used by the second half of the sample site (portal and data services, security,
// offline, spatial analysis, app builders, Pro SDK, glossary). Every image is an original SVG drawn here
// and rasterised with sharp, so running the script twice gives the same bytes on the same sharp version.
// PNGs keep an alpha channel on purpose (the image pipeline must preserve transparency); a few are JPEG
// so both encoders are exercised. Widths span 400-1600 px so some exceed the pipeline's 995 px cap.
//
// Usage: node scripts/make-sample-images-2.mjs   (writes into content/<section>/**/images/)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mulberry32 } from './mulberry32.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A small palette so the diagrams look like one family.
const C = {
  blue: '#007ac2', teal: '#00a0a0', green: '#35ac46', orange: '#e38f00', red: '#d83020',
  purple: '#8a4fd6', ink: '#2b2b2b', grey: '#6a6a6a', pale: '#eaf4fb', paleGreen: '#e6f4e8', white: '#ffffff',
};

/** Escapes text for use inside SVG. */
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rounded box with a centred (optionally multi-line) label. */
function box(x, y, w, h, label, { fill = C.pale, stroke = C.blue, size = 20, color = C.ink } = {}) {
  const lines = String(label).split('\n');
  const lh = size * 1.25;
  const top = y + h / 2 - ((lines.length - 1) * lh) / 2 + size * 0.35;
  const text = lines
    .map((l, i) => `<text x="${x + w / 2}" y="${top + i * lh}" font-size="${size}" text-anchor="middle" fill="${color}">${esc(l)}</text>`)
    .join('');
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="3"/>${text}`;
}

/** A straight arrow with an optional label at its midpoint. */
function arrow(x1, y1, x2, y2, label = '', { color = C.grey, size = 16, dy = -8 } = {}) {
  const t = label
    ? `<text x="${(x1 + x2) / 2}" y="${(y1 + y2) / 2 + dy}" font-size="${size}" text-anchor="middle" fill="${C.ink}">${esc(label)}</text>`
    : '';
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="3" marker-end="url(#head)"/>${t}`;
}

/** Plain text. */
function text(x, y, s, { size = 18, anchor = 'start', color = C.ink, weight = 'normal' } = {}) {
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}" fill="${color}" font-weight="${weight}">${esc(s)}</text>`;
}

/** Wraps a body into a full SVG document; `bg` null keeps the canvas transparent. */
function svg(w, h, body, bg = null) {
  const back = bg ? `<rect width="${w}" height="${h}" fill="${bg}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, sans-serif">
<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${C.grey}"/></marker></defs>
${back}${body}</svg>`;
}

const images = [
  {
    file: 'portal-and-data-services/images/portal-content-model.png', w: 1200, h: 640,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 50, 'Portal content model', { size: 30, anchor: 'middle', weight: 'bold' }),
      box(60, 120, 260, 110, 'User\n(owner)', { fill: C.paleGreen, stroke: C.green, size: 24 }),
      box(470, 120, 260, 110, 'Item\n(id, type, access)', { size: 24 }),
      box(880, 120, 260, 110, 'Group\n(members)', { fill: '#f6ecfb', stroke: C.purple, size: 24 }),
      arrow(320, 175, 468, 175, 'owns'),
      arrow(878, 175, 732, 175, 'shares to'),
      box(250, 380, 220, 100, 'Data\n(file, service URL)', { size: 20, stroke: C.teal }),
      box(730, 380, 220, 100, 'Metadata\n(tags, summary)', { size: 20, stroke: C.teal }),
      arrow(560, 232, 380, 378), arrow(640, 232, 820, 378),
      text(w / 2, 570, 'Access levels: private · organization · groups · public', { size: 22, anchor: 'middle', color: C.grey }),
    ].join('')),
  },
  {
    file: 'portal-and-data-services/data-services/images/hosted-services.png', w: 1400, h: 760,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 56, 'Hosted data services', { size: 34, anchor: 'middle', weight: 'bold' }),
      box(80, 300, 280, 140, 'Source data\nCSV · GeoJSON · shapefile', { size: 20, fill: C.white }),
      box(560, 120, 300, 120, 'Feature service\n(query, edit)', { size: 24 }),
      box(560, 320, 300, 120, 'Map tile service\n(raster tiles)', { size: 24, stroke: C.orange, fill: '#fdf3e1' }),
      box(560, 520, 300, 120, 'Vector tile service\n(PBF + style)', { size: 24, stroke: C.teal, fill: '#e3f6f6' }),
      arrow(362, 370, 556, 180, 'publish'),
      arrow(710, 242, 710, 316, 'cache'), arrow(710, 442, 710, 516, 'cache'),
      box(1060, 300, 260, 140, 'Client apps\nmaps · scenes', { size: 22, fill: C.paleGreen, stroke: C.green }),
      arrow(862, 180, 1058, 340), arrow(862, 380, 1058, 380), arrow(862, 580, 1058, 420),
    ].join('')),
  },
  {
    file: 'portal-and-data-services/data-services/tutorials/images/feature-layer-fields.png', w: 820, h: 480,
    draw: (w, h) => {
      const rows = [['OBJECTID', 'OID', 'system'], ['name', 'String', '256'], ['visits', 'Integer', '-'], ['opened', 'Date', '-'], ['rating', 'Double', '-']];
      const body = [text(40, 54, 'Trailheads layer — field schema', { size: 26, weight: 'bold' })];
      rows.forEach((r, i) => {
        const y = 90 + i * 70;
        body.push(`<rect x="40" y="${y}" width="740" height="60" rx="6" fill="${i === 0 ? '#dbe9f4' : C.white}" fill-opacity="0.92" stroke="${C.blue}" stroke-width="2"/>`);
        body.push(text(60, y + 38, r[0], { size: 22 }), text(380, y + 38, r[1], { size: 22, color: C.blue }), text(620, y + 38, r[2], { size: 22, color: C.grey }));
      });
      return svg(w, h, body.join(''));
    },
  },
  {
    file: 'security-and-authentication/images/api-key-request.png', w: 1000, h: 520,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 48, 'Request with an API key', { size: 28, anchor: 'middle', weight: 'bold' }),
      box(40, 170, 240, 120, 'Your app\n(holds key)', { size: 22, fill: C.paleGreen, stroke: C.green }),
      box(380, 170, 240, 120, 'Location\nservice', { size: 22 }),
      box(720, 170, 240, 120, 'Privileges\ncheck', { size: 22, stroke: C.orange, fill: '#fdf3e1' }),
      arrow(282, 210, 376, 210, 'token=…'), arrow(622, 230, 716, 230, 'scope?'),
      arrow(376, 270, 284, 270, 'response', { dy: 24 }),
      text(w / 2, 420, 'Keys are scoped and expire; rotate them like passwords.', { size: 20, anchor: 'middle', color: C.grey }),
    ].join('')),
  },
  {
    file: 'security-and-authentication/user-authentication/images/oauth-pkce-flow.png', w: 1600, h: 900,
    draw: (w, h) => {
      const lanes = [['Browser app', 200], ['Authorization endpoint', 800], ['Token endpoint', 1400]];
      const body = [text(w / 2, 60, 'OAuth 2.0 authorization code flow with PKCE', { size: 36, anchor: 'middle', weight: 'bold' })];
      for (const [name, x] of lanes) {
        body.push(box(x - 170, 100, 340, 80, name, { size: 26 }));
        body.push(`<line x1="${x}" y1="180" x2="${x}" y2="860" stroke="${C.grey}" stroke-width="2" stroke-dasharray="10 8"/>`);
      }
      const steps = [
        [200, 800, 'redirect with code_challenge'], [800, 800, 'user signs in'], [800, 200, 'redirect back with ?code='],
        [200, 1400, 'POST code + code_verifier'], [1400, 200, 'access_token + refresh_token'],
      ];
      steps.forEach(([a, b, label], i) => {
        const y = 260 + i * 120;
        if (a === b) body.push(`<rect x="${a - 130}" y="${y - 30}" width="260" height="56" rx="8" fill="#fdf3e1" stroke="${C.orange}" stroke-width="2"/>`, text(a, y + 6, label, { size: 22, anchor: 'middle' }));
        else body.push(arrow(a, y, b + (b > a ? -4 : 4), y, `${i + 1}. ${label}`, { size: 22, dy: -12 }));
      });
      return svg(w, h, body.join(''));
    },
  },
  {
    file: 'offline-mapping-apps/images/offline-patterns.png', w: 1200, h: 560,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 52, 'Two offline patterns', { size: 30, anchor: 'middle', weight: 'bold' }),
      box(60, 110, 500, 380, '', { fill: C.pale }),
      text(310, 160, 'Partially offline', { size: 26, anchor: 'middle', weight: 'bold' }),
      text(310, 230, 'download from services', { size: 20, anchor: 'middle' }),
      text(310, 280, 'edit while disconnected', { size: 20, anchor: 'middle' }),
      text(310, 330, 'sync changes back', { size: 20, anchor: 'middle' }),
      `<path d="M200 410 q110 -60 220 0" fill="none" stroke="${C.blue}" stroke-width="4" marker-end="url(#head)"/>`,
      box(640, 110, 500, 380, '', { fill: C.paleGreen, stroke: C.green }),
      text(890, 160, 'Fully offline', { size: 26, anchor: 'middle', weight: 'bold' }),
      text(890, 230, 'side-load packages', { size: 20, anchor: 'middle' }),
      text(890, 280, 'no network ever needed', { size: 20, anchor: 'middle' }),
      text(890, 330, 'read-only or local edits', { size: 20, anchor: 'middle' }),
    ].join('')),
  },
  {
    file: 'offline-mapping-apps/partially-offline/images/preplanned-areas.jpg', w: 1000, h: 640, bg: '#f4f1e8',
    draw: (w, h) => {
      const body = [];
      // A fake coastline and a road network, then three rectangles for the preplanned areas.
      body.push(`<path d="M0 520 C180 470 260 560 420 500 S720 430 1000 480 L1000 640 L0 640 z" fill="#b9d9ef"/>`);
      const r = mulberry32(7);
      for (let i = 0; i < 24; i++) {
        const x1 = r() * w, y1 = r() * 460, x2 = x1 + (r() - 0.5) * 400, y2 = y1 + (r() - 0.5) * 200;
        body.push(`<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#d9cfb8" stroke-width="${(2 + r() * 5).toFixed(1)}"/>`);
      }
      const areas = [[80, 80, 280, 220, 'Downtown'], [420, 140, 240, 200, 'Harbor'], [700, 60, 240, 300, 'North hills']];
      for (const [x, y, aw, ah, name] of areas) {
        body.push(`<rect x="${x}" y="${y}" width="${aw}" height="${ah}" fill="${C.blue}" fill-opacity="0.18" stroke="${C.blue}" stroke-width="4" stroke-dasharray="14 8"/>`);
        body.push(text(x + 14, y + 34, name, { size: 24, weight: 'bold', color: '#00557f' }));
      }
      body.push(text(40, 610, 'Preplanned map areas defined by the map author', { size: 22, color: C.ink }));
      return svg(w, h, body.join(''), '#f4f1e8');
    },
  },
  {
    file: 'offline-mapping-apps/fully-offline/images/mobile-package-contents.png', w: 900, h: 600,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 50, 'Inside a mobile map package (.mmpk)', { size: 28, anchor: 'middle', weight: 'bold' }),
      box(60, 90, 780, 470, '', { fill: '#f7f7f7', stroke: C.grey }),
      box(100, 140, 320, 90, 'Map 1 · Map 2', { size: 22 }),
      box(480, 140, 320, 90, 'Locator', { size: 22, stroke: C.orange, fill: '#fdf3e1' }),
      box(100, 280, 320, 90, 'Geodatabase\n(features)', { size: 22, stroke: C.teal, fill: '#e3f6f6' }),
      box(480, 280, 320, 90, 'Tile package\n(.tpkx / .vtpk)', { size: 22, stroke: C.teal, fill: '#e3f6f6' }),
      box(100, 420, 700, 90, 'Network dataset for routing (optional)', { size: 22, stroke: C.green, fill: C.paleGreen }),
    ].join('')),
  },
  {
    file: 'spatial-analysis-services/images/buffer-and-intersect.png', w: 800, h: 500,
    draw: (w, h) => svg(w, h, [
      text(30, 44, 'Buffer, then intersect', { size: 26, weight: 'bold' }),
      `<circle cx="300" cy="270" r="150" fill="${C.blue}" fill-opacity="0.25" stroke="${C.blue}" stroke-width="3"/>`,
      `<circle cx="300" cy="270" r="8" fill="${C.blue}"/>`,
      `<polygon points="380,140 660,170 700,400 430,440" fill="${C.orange}" fill-opacity="0.25" stroke="${C.orange}" stroke-width="3"/>`,
      `<path d="M420 160 L 444 160 Q 450 270 420 398 L 414 420 Q 360 410 400 200 z" fill="${C.red}" fill-opacity="0.45"/>`,
      text(300, 460, 'buffer (150 m)', { size: 18, anchor: 'middle', color: C.blue }),
      text(600, 470, 'parcel', { size: 18, anchor: 'middle', color: C.orange }),
      text(560, 110, 'intersection', { size: 18, anchor: 'middle', color: C.red }),
      arrow(540, 118, 436, 250),
    ].join('')),
  },
  {
    file: 'spatial-analysis-services/tutorials/images/hot-spot-grid.jpg', w: 1200, h: 800, bg: C.white,
    draw: (w, h) => {
      const body = [text(40, 50, 'Hot spot analysis on a hexagon grid', { size: 30, weight: 'bold' })];
      const r = mulberry32(42);
      const size = 34, dx = size * Math.sqrt(3), dy = size * 1.5;
      const colors = ['#2c7bb6', '#abd9e9', '#eeeeee', '#fdae61', '#d7191c'];
      for (let row = 0; row < 17; row++) {
        for (let col = 0; col < 19; col++) {
          const cx = 80 + col * dx + (row % 2 ? dx / 2 : 0), cy = 100 + row * dy;
          // Values rise towards a hot centre and fall towards a cold corner, with a little noise.
          const hot = Math.hypot(cx - 800, cy - 420) / 500, cold = Math.hypot(cx - 150, cy - 700) / 400;
          const v = Math.min(4, Math.max(0, Math.round(2 + (1 - hot) * 2 - Math.max(0, 1 - cold) * 2 + (r() - 0.5))));
          const pts = [0, 1, 2, 3, 4, 5].map((k) => {
            const a = (Math.PI / 3) * k + Math.PI / 6;
            return `${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`;
          });
          body.push(`<polygon points="${pts.join(' ')}" fill="${colors[v]}" stroke="#ffffff" stroke-width="2"/>`);
        }
      }
      return svg(w, h, body.join(''), C.white);
    },
  },
  {
    file: 'app-builders/images/builder-spectrum.png', w: 1400, h: 460,
    draw: (w, h) => svg(w, h, [
      `<line x1="100" y1="260" x2="1300" y2="260" stroke="${C.grey}" stroke-width="6" marker-end="url(#head)"/>`,
      text(100, 320, 'less code', { size: 22, color: C.grey }), text(1300, 320, 'more control', { size: 22, anchor: 'end', color: C.grey }),
      box(120, 100, 320, 110, 'Configurable apps\n(templates)', { size: 24, fill: C.paleGreen, stroke: C.green }),
      box(540, 100, 320, 110, 'No-code builders\n(drag and drop)', { size: 24 }),
      box(960, 100, 320, 110, 'Low-code builders\n(widgets + scripts)', { size: 24, stroke: C.purple, fill: '#f6ecfb' }),
      text(w / 2, 410, 'Pick the lightest tool that meets the requirement.', { size: 24, anchor: 'middle' }),
    ].join('')),
  },
  {
    file: 'arcgis-pro-sdk/images/add-in-architecture.png', w: 1000, h: 700,
    draw: (w, h) => svg(w, h, [
      text(w / 2, 50, 'How an add-in plugs into the desktop app', { size: 28, anchor: 'middle', weight: 'bold' }),
      box(60, 100, 880, 120, 'Desktop application (framework, ribbon, panes)', { size: 24, fill: '#f7f7f7', stroke: C.grey }),
      box(100, 300, 360, 120, 'Config.daml\n(declares UI)', { size: 24, stroke: C.orange, fill: '#fdf3e1' }),
      box(540, 300, 360, 120, 'Add-in assembly\n(C# / .NET 8)', { size: 24 }),
      arrow(280, 296, 280, 224, 'read at startup', { dy: 0 }), arrow(720, 296, 720, 224, 'loaded on demand', { dy: 0 }),
      box(300, 520, 400, 110, '.esriAddinX archive', { size: 24, stroke: C.green, fill: C.paleGreen }),
      arrow(380, 518, 300, 424), arrow(620, 518, 700, 424),
    ].join('')),
  },
  {
    file: 'arcgis-pro-sdk/tutorials/images/dockpane-layout.png', w: 600, h: 420,
    draw: (w, h) => svg(w, h, [
      box(20, 20, 560, 380, '', { fill: '#f7f7f7', stroke: C.grey }),
      box(20, 20, 560, 50, 'Layer Explorer', { size: 20, fill: '#dbe9f4' }),
      box(50, 95, 500, 44, 'Filter layers…', { size: 18, fill: C.white, stroke: C.grey, color: C.grey }),
      box(50, 160, 500, 150, 'Parks (412)\nTrails (88)\nWater (17)', { size: 18, fill: C.white, stroke: C.grey }),
      box(370, 330, 180, 48, 'Zoom to', { size: 18, fill: C.blue, stroke: C.blue, color: C.white }),
    ].join('')),
  },
  {
    file: 'arcgis-pro-sdk/tutorials/images/map-tool-sketch.jpg', w: 400, h: 300, bg: '#eef3e8',
    draw: (w, h) => svg(w, h, [
      `<path d="M0 220 C120 180 240 260 400 200 L400 300 L0 300 z" fill="#cde6f5"/>`,
      `<polygon points="90,70 300,60 330,200 110,220" fill="${C.blue}" fill-opacity="0.2" stroke="${C.blue}" stroke-width="3" stroke-dasharray="8 6"/>`,
      ...[[90, 70], [300, 60], [330, 200], [110, 220]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${C.white}" stroke="${C.blue}" stroke-width="3"/>`),
      text(20, 30, 'Sketching a selection polygon', { size: 18, weight: 'bold' }),
    ].join(''), '#eef3e8'),
  },
  {
    file: 'glossary/images/vector-tile-pyramid.png', w: 480, h: 480,
    draw: (w, h) => {
      const body = [text(w / 2, 34, 'Tile pyramid', { size: 22, anchor: 'middle', weight: 'bold' })];
      const levels = [[1, 60], [2, 180], [4, 320]];
      for (const [n, y] of levels) {
        const cell = 140 / n * (n === 4 ? 2 : n === 2 ? 1.4 : 1);
        const total = cell * n, x0 = (w - total) / 2;
        for (let i = 0; i < n; i++) for (let j = 0; j < Math.min(n, 2); j++) {
          body.push(`<rect x="${x0 + i * cell}" y="${y + j * (cell / 2)}" width="${cell}" height="${cell / 2}" fill="${C.teal}" fill-opacity="${0.15 + 0.2 * ((i + j) % 2)}" stroke="${C.teal}" stroke-width="2"/>`);
        }
        body.push(text(30, y + 30, `z${Math.log2(n)}`, { size: 18, color: C.grey }));
      }
      return svg(w, h, body.join(''));
    },
  },
];

for (const img of images) {
  const out = path.join(root, 'content', img.file);
  await mkdir(path.dirname(out), { recursive: true });
  const pipeline = sharp(Buffer.from(img.draw(img.w, img.h)), { density: 72 });
  if (out.endsWith('.jpg')) await pipeline.flatten({ background: img.bg ?? C.white }).jpeg({ quality: 82, mozjpeg: true }).toFile(out);
  else await pipeline.ensureAlpha().png({ compressionLevel: 9 }).toFile(out);
  const meta = await sharp(out).metadata();
  console.log(`${img.file}  ${meta.width}x${meta.height}  ${meta.format}${meta.hasAlpha ? ' alpha' : ''}`);
}
