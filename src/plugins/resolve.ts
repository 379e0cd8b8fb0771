// Where a plugin of the config is loaded from, and what identifies it in the page cache. Resolution, in order:
// a path (`./plugins/x.mjs`, `../x.mjs`, absolute) is a file relative to the site root; a name is looked up in
// the site's node_modules (the root's, then each parent folder's, as Node looks), and only when the site has no
// such package, in docsgen's own node_modules. A package's entry is its `exports` (conditions import, node,
// default), else `main`, else index.js. Done on the main thread once per build, with files read, nothing imported:
// a build that finds nothing changed stops before any plugin is loaded.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { docsgenRoot } from '../config/index.js';
import type { SiteConfig } from '../config/index.js';
import { codes, DiagnosticError } from '../diagnostics/index.js';

/** One configured plugin, resolved: plain data, so render threads get it in their setup and import it by path. */
export interface ResolvedPlugin {
  kind: 'remark' | 'rehype';
  /** As the config names it. */
  name: string;
  /** Absolute path of the module to import. */
  file: string;
  /** The package's version, or `sha256:…` of a local file's bytes: what the page cache keys on besides options. */
  version: string;
  /** Its options, when the config gives any. */
  options?: unknown;
  /** Its place in its list, for diagnostics at the config's line. */
  index: number;
}

/** The site's plugins and the key of all of them (name, version, options), '' when there are none. */
export interface ResolvedPlugins {
  plugins: ResolvedPlugin[];
  key: string;
}

const CONDITIONS = new Set(['import', 'node', 'default']);

/** Resolves every plugin of `config.markdown`; throws DiagnosticError (exit 2, DG1110) for one it cannot find. */
export async function resolveMarkdownPlugins(root: string, config: Pick<SiteConfig, 'markdown'>): Promise<ResolvedPlugins> {
  const plugins: ResolvedPlugin[] = [];
  for (const kind of ['remark', 'rehype'] as const) {
    for (const [index, entry] of config.markdown[`${kind}Plugins`].entries()) {
      const [name, ...rest] = typeof entry === 'string' ? [entry] : entry;
      const found = findModule(root, name);
      if (!found) {
        // the config is read again (with the YAML package, loaded now) only to point at the entry
        const { configLocation } = await import('./config-location.js');
        throw new DiagnosticError(
          {
            code: codes.PLUGIN_NOT_FOUND,
            severity: 'error',
            message: `the ${kind} plugin \`${name}\` cannot be found`,
            hint: isPath(name)
              ? `no file ${path.resolve(root, name)}: the path is relative to the site root`
              : `install it in the site (\`npm install ${packageOf(name).name}\` next to docsgen.config.yaml), or check the name`,
            location: configLocation(root, ['markdown', `${kind}Plugins`, index]),
          },
          2,
        );
      }
      plugins.push({ kind, name, file: found.file, version: found.version, ...(rest.length > 0 ? { options: rest[0] } : {}), index });
    }
  }
  const key = plugins.length === 0 ? '' : hash(JSON.stringify(plugins.map((p) => [p.kind, p.name, p.version, p.options ?? null])));
  return { plugins, key };
}

function isPath(name: string): boolean {
  return name.startsWith('./') || name.startsWith('../') || path.isAbsolute(name);
}

function hash(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

/** The module file of `name` and its version, or null when neither the site nor docsgen has it. */
function findModule(root: string, name: string): { file: string; version: string } | null {
  if (isPath(name)) {
    const file = path.resolve(root, name);
    if (!isFile(file)) return null;
    return { file, version: `sha256:${hash(readFileSync(file))}` };
  }
  const { name: pkg, subpath } = packageOf(name);
  const dir = packageDir(root, pkg) ?? packageDir(docsgenRoot, pkg);
  if (!dir) return null;
  let manifest: { version?: unknown; exports?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return null;
  }
  const file = entryOf(manifest, subpath)
    .map((target) => path.resolve(dir, target))
    .find(isFile);
  if (!file) return null;
  return { file, version: typeof manifest.version === 'string' ? manifest.version : '0.0.0' };
}

/** `@scope/pkg/sub` → `@scope/pkg` and `./sub`; `pkg` → `pkg` and `.`. */
function packageOf(name: string): { name: string; subpath: string } {
  const parts = name.split('/');
  const length = name.startsWith('@') ? 2 : 1;
  const rest = parts.slice(length).join('/');
  return { name: parts.slice(0, length).join('/'), subpath: rest ? `./${rest}` : '.' };
}

/** The folder of package `pkg` as Node finds it from `from`: node_modules/<pkg> here, then in each parent. */
function packageDir(from: string, pkg: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** The files (relative to the package) that importing `subpath` of the package may load, the first existing one wins. */
function entryOf(manifest: { exports?: unknown; main?: unknown }, subpath: string): string[] {
  const exp = manifest.exports;
  if (exp !== undefined && exp !== null) {
    const sugar = typeof exp === 'string' || Array.isArray(exp) || Object.keys(exp).every((k) => !k.startsWith('.'));
    const value = sugar ? (subpath === '.' ? exp : undefined) : (exp as Record<string, unknown>)[subpath];
    const target = value === undefined ? null : conditionTarget(value);
    return target === null ? [] : [target];
  }
  if (subpath !== '.') return [subpath, `${subpath}.js`, `${subpath}.mjs`];
  return typeof manifest.main === 'string' ? [manifest.main, `${manifest.main}.js`, 'index.js'] : ['index.js'];
}

function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const target = conditionTarget(item);
      if (target) return target;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [condition, item] of Object.entries(value)) {
      if (!CONDITIONS.has(condition)) continue;
      const target = conditionTarget(item);
      if (target) return target;
    }
  }
  return null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
