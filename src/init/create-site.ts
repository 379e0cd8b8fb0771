// `docsgen init`: a new site from the starter files docsgen ships (starter/), named after its folder.
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticError } from '../diagnostics/index.js';
import { defaults, docsgenRoot } from '../config/index.js';
import { initCodes } from './codes.js';

/** Options of `init` (the arguments of `docsgen init`). */
export interface InitOptions {
  /** Folder to create the site in (made when missing); default the working folder. */
  dir?: string;
  /** Write into a folder that already holds files (files of the same name are replaced). */
  force?: boolean;
  /** The site's name (default: from the folder's name, `my-docs` → `My Docs`). */
  name?: string;
}

/** What `init` wrote. */
export interface InitResult {
  dir: string;
  siteName: string;
  /** Every file written, relative to `dir`, `/`-separated, sorted. */
  files: string[];
}

/** Where the starter files live in docsgen's package. */
export const STARTER_DIR = path.join(docsgenRoot, 'starter');
/** Text files whose `__PLACEHOLDERS__` are filled in (the rest are copied as they are). */
const TEXT = /\.(md|ya?ml|txt)$/;
/** Anything else in the folder counts as content that --force would overwrite. */
const IGNORED = new Set(['.git', '.DS_Store']);

/**
 * Creates a working site in `dir`: pages, config (every key listed), one redirect, a favicon, package.json
 * and .gitignore. Throws DiagnosticError (exit 2) for a folder that holds files, unless `force`.
 */
export async function init(options: InitOptions = {}): Promise<InitResult> {
  const dir = path.resolve(options.dir ?? '.');
  const shown = path.relative(process.cwd(), dir) || '.';
  const info = await stat(dir).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new DiagnosticError({ code: initCodes.INIT_NOT_A_FOLDER, severity: 'error', message: `${shown} is a file, not a folder`, hint: 'name a new folder, e.g. `docsgen init my-docs`' }, 2);
  }
  const present = info ? (await readdir(dir)).filter((n) => !IGNORED.has(n)) : [];
  if (present.length > 0 && !options.force) {
    const listed = present.slice(0, 3).join(', ') + (present.length > 3 ? `, … (${present.length} entries)` : '');
    throw new DiagnosticError(
      { code: initCodes.INIT_NOT_EMPTY, severity: 'error', message: `${shown} is not empty (${listed})`, hint: 'name a new folder, e.g. `docsgen init my-docs`, or add --force to write the starter files into it (files of the same name are replaced)' },
      2,
    );
  }
  const folderName = path.basename(dir);
  const siteName = options.name?.trim() || titleOf(folderName);
  const pkg = JSON.parse(await readFile(path.join(docsgenRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  const fill = (text: string) =>
    text.replaceAll('__SITE_NAME__', yamlString(siteName)).replaceAll('__PATH_PREFIX__', defaults.PATH_PREFIX);
  const files: string[] = [];
  const write = async (rel: string, produce: (target: string) => Promise<void>) => {
    const target = path.join(dir, rel);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await produce(target);
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new DiagnosticError({ code: initCodes.INIT_WRITE_FAILED, severity: 'error', message: `cannot write ${path.join(shown, rel)} (${reason})`, hint: 'check that the folder is writable and the disk has room' }, 2);
    }
    files.push(rel.split(path.sep).join('/'));
  };
  for (const rel of await starterFiles()) {
    const from = path.join(STARTER_DIR, rel);
    await write(rel, async (to) => (TEXT.test(rel) ? writeFile(to, fill(await readFile(from, 'utf8'))) : copyFile(from, to)));
  }
  const sitePackage = {
    name: packageName(folderName),
    version: '0.1.0',
    private: true,
    description: `${siteName}: documentation built with docsgen`,
    scripts: { dev: 'docsgen dev', build: 'docsgen build', check: 'docsgen build && docsgen check-links --external' },
    dependencies: { [pkg.name]: `^${pkg.version}` },
  };
  await write('package.json', (to) => writeFile(to, `${JSON.stringify(sitePackage, null, 2)}\n`));
  await write('.gitignore', (to) => writeFile(to, `node_modules/\n${defaults.PROJECT.out}/\n${defaults.PROJECT.cache}/\n`));
  return { dir, siteName, files: files.sort() };
}

/** The starter's files, relative, sorted. */
async function starterFiles(): Promise<string[]> {
  const entries = await readdir(STARTER_DIR, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(STARTER_DIR, path.join(e.parentPath, e.name)))
    .sort();
}

/** `my-docs` → `My Docs`; a name with no letters or digits gives `Documentation`. */
export function titleOf(folder: string): string {
  const words = folder.split(/[-_.\s]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return 'Documentation';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** A valid npm package name from a folder name (lower case, URL-safe, at most 214 characters). */
export function packageName(folder: string): string {
  const name = folder.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[._-]+|[-]+$/g, '').slice(0, 214);
  return name || 'docs';
}

/** A YAML scalar for any name: plain when that reads back the same, else double-quoted (JSON is valid YAML). */
function yamlString(s: string): string {
  return /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(s) && !/^(true|false|yes|no|on|off|null|~|[\d.]+)$/i.test(s) ? s : JSON.stringify(s);
}
