// The config's colors as CSS on Calcite's tokens. Calcite sets its tokens on `.calcite-mode-light|dark|auto`
// (and `auto` again under each `prefers-color-scheme`), which the page puts on <body>: a `:root` rule loses to
// them, so each mode gets a `body.calcite-mode-*` rule, which wins over Calcite's whatever the order.
import type { SiteConfig } from '../config/index.js';

type Color = string | { light: string; dark: string };

/** `#abc` → [r, g, b]. */
function rgb(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** The color mixed toward black by `amount` (0-1), as `#rrggbb`: Calcite's hover and press are darker steps. */
export function darken(hex: string, amount: number): string {
  return `#${rgb(hex).map((c) => Math.round(c * (1 - amount)).toString(16).padStart(2, '0')).join('')}`;
}

function tokens(brand: string | undefined, link: string | undefined): string {
  const out: string[] = [];
  if (brand) {
    const [r, g, b] = rgb(brand);
    out.push(`--calcite-color-brand:${brand.toLowerCase()}`, `--calcite-color-brand-hover:${darken(brand, 0.2)}`, `--calcite-color-brand-press:${darken(brand, 0.4)}`, `--calcite-color-brand-underline:rgba(${r},${g},${b},.4)`);
  }
  if (link) out.push(`--calcite-color-text-link:${link.toLowerCase()}`, `--site-link:${link.toLowerCase()}`, `--site-link-hover:${darken(link, 0.2)}`);
  return out.join(';');
}

const light = (c: Color | undefined) => (c === undefined ? undefined : typeof c === 'string' ? c : c.light);
const dark = (c: Color | undefined) => (c === undefined ? undefined : typeof c === 'string' ? c : c.dark);

/** CSS that applies `colors` in light, dark and auto mode; '' when the config sets none. */
export function themeCss(colors: SiteConfig['colors']): string {
  if (!colors || (!colors.brand && !colors.link)) return '';
  const l = tokens(light(colors.brand), light(colors.link));
  const d = tokens(dark(colors.brand), dark(colors.link));
  return `:root,body.calcite-mode-light,body.calcite-mode-auto{${l}}body.calcite-mode-dark{${d}}@media (prefers-color-scheme:dark){body.calcite-mode-auto{${d}}}\n`;
}
