// The theming keys of the config (logo, colors, header and footer links, social card image): what a site sets
// to look like its own without forking templates/. Files are named relative to the site's `public/` folder,
// which the build copies to the web root as it is (src/site-files/).
import { z } from 'zod';
import { checkConfigUrl } from './url-rules.js';
import { configCodes } from './codes.js';

const CODES = configCodes;

const issue = (ctx: z.RefinementCtx, code: string, message: string, hint: string) =>
  ctx.addIssue({ code: 'custom', message, params: { code, hint } });

/** A file under `public/` (`logo.svg`, `brand/logo.svg`) or an https URL. */
const asset = z.string().superRefine((value, ctx) => {
  if (/^https:\/\//i.test(value)) {
    const problem = checkConfigUrl(value, 'site');
    if (problem) issue(ctx, problem.code ?? configCodes.UNSAFE_URL, problem.message, problem.hint);
    return;
  }
  const rel = value.replace(/^\/+/, '');
  if (!rel || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') || rel.split(/[\\/]/).some((s) => s === '..' || s === '.' || s === '') || /[?#\s]/.test(rel)) {
    issue(ctx, CODES.ASSET_FORM, `\`${value}\` is neither a file in public/ nor an https URL`, 'name a file inside the site\'s public/ folder, such as `logo.svg`, or write an https URL');
  }
});

const hex = z.string().superRefine((value, ctx) => {
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) issue(ctx, CODES.COLOR_FORM, `\`${value}\` is not a hex color`, 'write a color as `#rrggbb` (or `#rgb`)');
});

/** One color for both modes, or one for each. */
const color = z.union([hex, z.object({ light: hex, dark: hex }).strict()]);

/** A header or footer link: a site path (`/guides/`, titled by its page) or `{ title, url }`. */
const link = z.union([
  z.string(),
  z.object({ title: z.string().min(1).optional(), url: z.string() }).strict(),
]).superRefine((value, ctx) => {
  const entry = typeof value === 'string' ? { url: value } : value;
  const problem = checkConfigUrl(entry.url, 'link');
  if (problem) return issue(ctx, problem.code ?? configCodes.UNSAFE_URL, problem.message, problem.hint);
  if (!entry.url.startsWith('/') && !('title' in entry && entry.title)) {
    issue(ctx, CODES.LINK_TITLE_MISSING, `the link to \`${entry.url}\` has no title`, 'write it as `{ title: GitHub, url: https://github.com/org/repo }`; only a path on the site takes its page\'s title');
  }
});

/** The theming keys, spread into the site config's object. */
export const themeKeys = {
  // shown in the header; `dark` in dark mode (default: `light`); `alt` defaults to the site name
  logo: z.object({ light: asset, dark: asset.optional(), alt: z.string().optional() }).strict().optional(),
  // mapped onto Calcite's brand tokens (`brand`) and the site's link color (`link`) in light and dark mode
  colors: z.object({ brand: color.optional(), link: color.optional() }).strict().optional(),
  // the header's links, in order (default: every top-level section)
  header: z.object({ links: z.array(link).optional() }).strict().optional(),
  // the footer's links, in order, and its text (`{year}`: the year of the build; default `© {year} {siteName}`)
  footer: z.object({ links: z.array(link).optional(), text: z.string().optional() }).strict().optional(),
  // og:image and twitter:image of every page
  socialImage: asset.optional(),
};

/** A link of `header.links` or `footer.links` as written. */
export type ConfigLink = string | { title?: string; url: string };
/** A color of `colors` as written. */
export type ConfigColor = string | { light: string; dark: string };
