import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/** What the dev server watches, relative to the project root. */
export interface WatchTargets {
  /** Folders whose whole tree counts (content/ with its images, templates/, redirects/). */
  dirs: string[];
  /** Single files (docsgen.config.yaml, a manifest icon outside content/). */
  files: string[];
}

// Editor droppings that are not the file being saved: vim swap files, emacs locks, backup copies, Finder data.
const EDITOR_NOISE = /(^|\/)(\.#[^/]*|[^/]*~|[^/]*\.sw[px]|\.DS_Store|4913)$/;

/**
 * Watches the project root, descending only into the watched folders (so dist/, node_modules/ and the cache are
 * never scanned, and a redirects/ folder created later is seen). Calls `onChange` with root-relative paths.
 */
export function watchProject(root: string, targets: WatchTargets, onChange: (file: string) => void, onError: (err: Error) => void): FSWatcher {
  const norm = (p: string) => p.split(path.sep).join('/').replace(/\/+$/, '');
  const dirs = targets.dirs.map(norm);
  const files = targets.files.map(norm);
  const wanted = (rel: string): boolean => {
    if (rel === '' || EDITOR_NOISE.test(rel)) return rel === '';
    if (dirs.some((d) => rel === d || rel.startsWith(d + '/'))) return true;
    // a folder on the way to a watched file or folder must be entered
    return [...files, ...dirs].some((t) => t === rel || t.startsWith(rel + '/'));
  };
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (abs: string) => !wanted(norm(path.relative(root, abs))),
  });
  watcher.on('all', (_event, abs) => onChange(norm(path.relative(root, abs))));
  watcher.on('error', (err) => onError(err as Error));
  return watcher;
}
