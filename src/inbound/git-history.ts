// Where removed pages went, from git: one `git log` per build (only when a URL was removed) lists every page file
// deleted or renamed under content/, newest first; an old file's text is read back with `git show` when needed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What git knows of a file that is gone: the commit that removed it, and its new name when it was renamed. */
export interface GoneFile {
  /** Path relative to the project root. */
  file: string;
  /** The commit that deleted or renamed it; null when it is deleted in the work tree only (still at HEAD). */
  commit: string | null;
  renamedTo?: string;
  /** git's rename similarity, 0-1. */
  similarity?: number;
}

/** Deleted and renamed `.md` files under `contentRel` (relative to `root`), newest event per old path; empty without git. */
export async function goneFiles(root: string, contentRel: string): Promise<Map<string, GoneFile>> {
  const out = new Map<string, GoneFile>();
  const git = (args: string[]) => run('git', ['-C', root, '-c', 'core.quotePath=false', ...args], { maxBuffer: 256 * 1024 * 1024 }).then((r) => r.stdout, () => null);
  // -z: names as they are (spaces, non-ASCII, newlines); --relative: paths from the project root, not the repository's
  const log = await git(['log', '-z', '-M', '--diff-filter=DR', '--name-status', '--relative', '--format=%x01%H', '--', contentRel]);
  if (log !== null) {
    for (const block of log.split('\x01').slice(1)) {
      const fields = block.split('\0');
      const commit = fields[0]!.trim();
      for (let i = 1; i < fields.length; ) {
        const status = fields[i]!.trim();
        if (!status) { i++; continue; }
        if (status.startsWith('R')) {
          const [from, to] = [fields[i + 1]!, fields[i + 2]!];
          if (!out.has(from)) out.set(from, { file: from, commit, renamedTo: to, similarity: Number(status.slice(1)) / 100 });
          i += 3;
        } else {
          const file = fields[i + 1]!;
          if (!out.has(file)) out.set(file, { file, commit });
          i += 2;
        }
      }
    }
  }
  // deleted in the work tree but not committed yet: their text is still at HEAD
  const deleted = await git(['diff', '-z', '--name-only', '--no-renames', '--diff-filter=D', '--relative', 'HEAD', '--', contentRel]);
  for (const file of deleted?.split('\0') ?? []) if (file) out.set(file, { file, commit: null });
  for (const file of [...out.keys()]) if (!/\.md$/i.test(file)) out.delete(file);
  return out;
}

/** The text `file` had before `gone.commit` removed it (or at HEAD), or null. */
export async function textBefore(root: string, gone: GoneFile): Promise<string | null> {
  const rev = gone.commit ? `${gone.commit}^` : 'HEAD';
  try {
    return (await run('git', ['-C', root, 'show', `${rev}:./${gone.file}`], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch {
    return null;
  }
}
