// Which files under content/ are pages, and which are refused before anything reads them: links that lead out
// of the project (or loop, or lead nowhere), names no URL can carry, Markdown under an extension docsgen does
// not build. A walk of our own rather than a glob: the glob skipped names with line breaks and symbolic links
// without a word, and says nothing of where a link leads.
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { isPageFile, OTHER_MARKDOWN, printablePath, unsafeUrlCharacter } from './paths.js';

/** The pages found under a content folder (paths relative to it, `/`-separated, sorted) and the problems met. */
export interface PageListing {
  files: string[];
  diagnostics: Diagnostic[];
}

/**
 * Lists the Markdown pages under `contentDir`, skipping dot files and folders. A symbolic link is followed
 * only when its real path is inside the project (`root`) or the content folder; one that leads out, loops or
 * leads nowhere is reported at the link and never read.
 */
export function listPageFiles(contentDir: string, root: string): PageListing {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const contentRel = path.relative(root, contentDir).split(path.sep).join('/');
  const show = (rel: string) => printablePath(rel ? `${contentRel}/${rel}` : contentRel);
  const bases = [realPathOrSelf(root), realPathOrSelf(contentDir)];
  // folders whose name no URL can carry, with the pages found in them: one problem for each such folder
  const unsafeFolders = new Map<string, string[]>();

  const walk = (dir: string, realDir: string, relDir: string, ancestors: readonly string[], unsafeFolder: string | null): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if (relDir === '' && errCode(err) === 'ENOENT') return; // no content folder: discovery says so
      diagnostics.push(problem(codes.CONTENT_UNREADABLE, `cannot read the folder ${show(relDir)}/ (${errCode(err)}): its pages are not built`, 'check its permissions', show(relDir)));
      return;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.')) continue;
      const rel = relDir ? `${relDir}/${name}` : name;
      const abs = path.join(dir, name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let real = path.join(realDir, name);
      if (entry.isSymbolicLink()) {
        const target = followLink(abs, rel, bases, show, diagnostics);
        if (!target) continue;
        ({ isDir, isFile, real } = target);
        if (isDir && ancestors.includes(real)) {
          diagnostics.push(problem(codes.SYMLINK_BROKEN, `${show(rel)} is a symbolic link to a folder that contains it (a loop): skipped`, 'remove the link', show(rel)));
          continue;
        }
      }
      if (isDir && !unsafeFolder && name.includes('\uFFFD')) {
        unsafeFolders.set(rel, []); // its name is not its name on disk: it cannot even be listed
      } else if (isDir) {
        walk(abs, real, rel, [...ancestors, real], unsafeFolder ?? (unsafeUrlCharacter(name) ? rel : null));
      } else if (isFile && isPageFile(name)) {
        if (unsafeFolder) unsafeFolders.set(unsafeFolder, [...(unsafeFolders.get(unsafeFolder) ?? []), rel]);
        else if (unsafeUrlCharacter(name)) diagnostics.push(unsafeName(rel, 'file', show, [rel]));
        else files.push(rel);
      } else if (isFile && OTHER_MARKDOWN.test(name)) {
        diagnostics.push({
          ...problem(
            codes.NOT_A_PAGE,
            `${show(rel)} is not built: docsgen builds pages from \`.md\` files only`,
            `rename it to \`${printablePath(name.replace(OTHER_MARKDOWN, '.md'))}\` to publish it`,
            show(rel),
          ),
          severity: 'warning',
        });
      }
    }
  };
  walk(contentDir, bases[1]!, '', [bases[1]!], null);
  for (const [folder, pages] of unsafeFolders) diagnostics.push(unsafeName(folder, 'folder', show, pages.sort()));
  files.sort();
  return { files, diagnostics };
}

/**
 * True when `file`'s real path (symbolic links resolved) is inside one of `bases` (real paths). A file that
 * does not exist is judged by its own path: nothing is read from it anyway.
 */
export function isRealPathInside(file: string, bases: readonly string[]): boolean {
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch {
    real = path.resolve(file);
  }
  return isInside(real, bases);
}

/** The real path of a folder (`/tmp` → `/private/tmp` on macOS), or the path itself when it cannot be resolved. */
export function realPathOrSelf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return path.resolve(file);
  }
}

function isInside(real: string, bases: readonly string[]): boolean {
  return bases.some((base) => real === base || real.startsWith(base.endsWith(path.sep) ? base : base + path.sep));
}

// Where a symbolic link leads, or null (reported) when it leads out of the project, loops or leads nowhere.
function followLink(
  abs: string,
  rel: string,
  bases: readonly string[],
  show: (rel: string) => string,
  out: Diagnostic[],
): { isDir: boolean; isFile: boolean; real: string } | null {
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch (err) {
    const code = errCode(err);
    // a dangling link matters only where a page was meant to be; a loop is never meant
    if (code === 'ELOOP' || isPageFile(rel)) {
      const what = code === 'ELOOP' ? 'a symbolic link that loops' : code === 'ENOENT' ? 'a symbolic link to a file that does not exist' : `a symbolic link that cannot be followed (${code})`;
      out.push(problem(codes.SYMLINK_BROKEN, `${show(rel)} is ${what}: skipped`, 'fix or remove the link', show(rel)));
    }
    return null;
  }
  if (!isInside(real, bases)) {
    out.push(
      problem(
        codes.PATH_OUTSIDE_PROJECT,
        `${show(rel)} is a symbolic link to ${printablePath(real)}, outside the project: it is not read or published`,
        'copy what it links to into the project, or remove the link',
        show(rel),
      ),
    );
    return null;
  }
  try {
    const info = statSync(real);
    return { isDir: info.isDirectory(), isFile: info.isFile(), real };
  } catch {
    return null; // gone since, or unreadable: nothing to list
  }
}

function unsafeName(rel: string, kind: 'file' | 'folder', show: (rel: string) => string, pages: readonly string[]): Diagnostic {
  const name = path.posix.basename(rel);
  const bad = unsafeUrlCharacter(name)!;
  const lost =
    kind === 'file'
      ? 'the page is not built'
      : pages.length === 0
        ? 'its pages are not built'
        : pages.length === 1
          ? `its page ${show(pages[0]!)} is not built`
          : `its ${pages.length} pages (${show(pages[0]!)}, …) are not built`;
  const what = kind === 'file' ? `the file name \`${printablePath(name)}\`` : `the name of the folder ${show(rel)}/`;
  return problem(
    codes.UNSAFE_PAGE_NAME,
    `${what} has ${bad.description}, which a page's URL cannot hold: ${lost}`,
    `rename the ${kind} without ${bad.description}: ${bad.why}`,
    show(pages[0] ?? rel),
  );
}

function problem(code: string, message: string, hint: string, file: string): Diagnostic {
  return { code, severity: 'error', message, hint, location: { file, line: 1, column: 1 } };
}

function errCode(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? String((err as Error)?.message ?? err);
}
