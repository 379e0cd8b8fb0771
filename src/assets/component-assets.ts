// Places the component library's assets a site can request, and only those: the translation files of the
// components its browser bundles contain (for the configured locales), the date formats when a date picker is
// among them, and the icons named in the bundled code. The whole tree is 25 MB in 6,087 files; a site uses a few
// hundred. Files are copied, never hard-linked: an edit to dist/ must not write through into node_modules.
import { statSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, checkedBytes, engineId, writeChecked } from '../cache/index.js';
import { mapLimit } from '../util/map-limit.js';

/** What a build gives: the bundles' inputs (absolute paths, from esbuild's metafile) and the locales in force. */
export interface ComponentAssetsOptions {
  /** The component library's `assets/` folder (source). */
  from: string;
  /** Where the site serves it (`<site>/calcite/assets`). */
  to: string;
  /** Every input file of the browser bundles. */
  inputs: readonly string[];
  /** Folders of inputs that name no icon (docsgen's own runtime). */
  skip?: readonly string[];
  locales: readonly string[];
  defaultLocale: string;
  localeAliases: Readonly<Record<string, string>>;
  /**
   * Where the list of files to place is kept between builds, under a key of the bundles' inputs (paths, sizes,
   * mtimes), the locales and docsgen: a build whose bundles read the same files does not scan them again.
   */
  cacheFile?: string;
}

/** Counts of what was placed, for the build's stats. */
export interface ComponentAssetsResult {
  components: string[];
  icons: string[];
  files: number;
}

const COMPONENT_DIR = /[\\/]@esri[\\/]calcite-components[\\/]dist[\\/]components[\\/]calcite-([a-z0-9-]+)[\\/]/;
const LIBRARY_FILE = /[\\/]@esri[\\/]calcite-components[\\/]/;
/**
 * A quoted name in code: icon names are kebab-case (`chevron-down`) or camel case (`checkCircle`). A name compared
 * with (`typeof x === "string"`, `dir === "rtl"`) is a value tested, never an icon shown: group 1 marks it.
 */
const QUOTED = /([!=]==?\s*)?["'`]([A-Za-z0-9][A-Za-z0-9-]{0,60})["'`]/g;
const SIZES = [16, 24, 32];

/** Copies the assets the bundles can request from `from` to `to`; returns what it placed. */
export async function placeComponentAssets(opts: ComponentAssetsOptions): Promise<ComponentAssetsResult> {
  const key = opts.cacheFile ? inputsKey(opts) : null;
  const kept = key ? await readKept(opts.cacheFile!, key) : null;
  const found = kept ?? (await findAssets(opts));
  if (key && !kept) await writeChecked(opts.cacheFile!, JSON.stringify({ key, ...found })).catch(() => undefined);
  const { files: sorted } = found;
  for (const dir of new Set(sorted.map((f) => path.dirname(path.join(opts.to, f))))) await mkdir(dir, { recursive: true });
  await mapLimit(sorted, 16, (f) => copyFile(path.join(opts.from, f), path.join(opts.to, f)));
  return { components: found.components, icons: found.icons, files: sorted.length };
}

interface FoundAssets {
  components: string[];
  icons: string[];
  /** Paths under `from`, sorted. */
  files: string[];
}

/** The key of what findAssets reads: docsgen, the library folder, the locales, and every input's path, size and mtime. */
function inputsKey(opts: ComponentAssetsOptions): string {
  // the names of all inputs say which components are bundled; the files scanned for icons are stamped
  const stamps = scannedSources(opts).map((f) => {
    const s = statSync(f, { throwIfNoEntry: false });
    return `${f}\0${s?.size ?? -1}\0${s?.mtimeMs ?? -1}`;
  });
  const settings = JSON.stringify([opts.skip ?? [], opts.locales, opts.defaultLocale, Object.entries(opts.localeAliases).sort()]);
  return cacheKey(engineId(), opts.from, settings, opts.inputs.join('\n'), stamps.join('\n'));
}

async function readKept(file: string, key: string): Promise<FoundAssets | null> {
  try {
    const bytes = checkedBytes(await readFile(file));
    const kept = bytes ? (JSON.parse(bytes.toString('utf8')) as FoundAssets & { key: string }) : null;
    return kept?.key === key ? { components: kept.components, icons: kept.icons, files: kept.files } : null;
  } catch {
    return null;
  }
}

/**
 * The inputs scanned for icon names: the library's own modules and the site's templates, not React's or other
 * packages' (their many short strings would each name an icon by chance).
 */
function scannedSources(opts: ComponentAssetsOptions): string[] {
  const skip = (opts.skip ?? []).map((d) => (d.endsWith(path.sep) ? d : d + path.sep));
  return opts.inputs.filter((f) => LIBRARY_FILE.test(f) || (!/[\\/]node_modules[\\/]/.test(f) && !skip.some((d) => f.startsWith(d))));
}

/** Which files of the library the bundles can request (see the file's head). */
async function findAssets(opts: ComponentAssetsOptions): Promise<FoundAssets> {
  const components = [...new Set(opts.inputs.map((f) => COMPONENT_DIR.exec(f)?.[1]).filter((c): c is string => Boolean(c)))].sort();
  const files = new Set<string>();
  const wanted = t9nLocales(opts.locales, opts.defaultLocale, opts.localeAliases);
  await Promise.all(
    components.map(async (c) => {
      for (const name of await list(path.join(opts.from, c, 't9n'))) {
        const locale = /^messages\.(.+)\.json$/.exec(name)?.[1];
        if (locale && wanted.has(locale)) files.add(`${c}/t9n/${name}`);
      }
      // date formats are looked up by Intl locale, a list of its own: all of them, 50 small files
      if (c === 'date-picker' || c === 'input-date-picker') for (const name of await list(path.join(opts.from, 'date-picker/nls'))) files.add(`date-picker/nls/${name}`);
    }),
  );
  const iconFiles = new Set(await list(path.join(opts.from, 'icon')));
  const icons = new Set<string>();
  await mapLimit(scannedSources(opts), 16, async (file) => {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const m of text.matchAll(QUOTED)) {
      if (m[1]) continue;
      const id = iconId(m[2]!);
      const filled = id.endsWith('F');
      const stem = filled ? id.slice(0, -1) : id;
      for (const size of SIZES) {
        const name = `${stem}${size}${filled ? 'F' : ''}.json`;
        if (iconFiles.has(name)) {
          files.add(`icon/${name}`);
          icons.add(m[2]!);
        }
      }
    }
  });
  return { components, icons: [...icons].sort(), files: [...files].sort() };
}

/** The file name stem `calcite-icon` fetches for an icon name (its normalizeIconName): `chevron-down` → `chevronDown`. */
export function iconId(name: string): string {
  const camel = name
    .split('-')
    .map((part, i) => part.replace(/[a-z]/i, (c, at: number) => (i === 0 && at === 0 ? c : c.toUpperCase())))
    .join('');
  return Number.isNaN(Number(name.charAt(0))) ? camel : `i${camel}`;
}

/**
 * Every translation file name a configured locale can lead to, under the library's t9n rules and the site's:
 * the locale as written and case-normalized, its alias, its bare language and that one's alias, plus English
 * (the fallback of both).
 */
export function t9nLocales(locales: readonly string[], defaultLocale: string, aliases: Readonly<Record<string, string>>): Set<string> {
  const out = new Set<string>(['en']);
  const builtIn: Record<string, string> = { pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN' };
  for (const l of [...locales, defaultLocale]) {
    const [language = '', region] = l.trim().split(/[-_]/);
    const base = language.toLowerCase();
    const full = region ? `${base}-${region.toUpperCase()}` : base;
    for (const c of [l, full, base]) {
      out.add(c);
      if (aliases[c]) out.add(aliases[c]!);
      if (builtIn[c]) out.add(builtIn[c]!);
    }
  }
  return out;
}

async function list(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
