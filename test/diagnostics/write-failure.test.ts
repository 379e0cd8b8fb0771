import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFailure } from '../../src/diagnostics/write-failure.js';
import { unstaged } from '../../src/render/staging.js';

const root = path.resolve('/projects/docs');
const ctx = { root, fallback: path.join(root, 'dist'), shown: unstaged };
const fsError = (code: string, file?: string) => Object.assign(new Error(`${code}: failed`), { code, ...(file ? { path: file } : {}) });

describe('a build that cannot write', () => {
  it('names the file as the user will find it, the reason and what to do', () => {
    const d = writeFailure(fsError('ENOSPC', path.join(root, 'dist.tmp-0a1b2c3d/public/documentation/maps/index.html')), ctx)!.diagnostic;
    expect(d).toEqual({
      code: 'DG3003',
      severity: 'error',
      message: 'cannot write dist/public/documentation/maps/index.html: no space left on the device (ENOSPC)',
      hint: 'free some disk space (the output and .docsgen-cache/ need room for the whole site) and build again',
      location: { file: 'dist/public/documentation/maps/index.html', line: 1, column: 1 },
    });
  });

  it('names the output folder when the failed call names no file (a write on an open file)', () => {
    expect(writeFailure(fsError('EDQUOT'), ctx)!.diagnostic.message).toBe('cannot write dist: disk quota exceeded (EDQUOT)');
    expect(writeFailure(fsError('EACCES', path.join(root, '.docsgen-cache/pages')), ctx)!.diagnostic.message).toBe(
      'cannot access .docsgen-cache/pages: permission denied (EACCES)',
    );
  });

  it('names the file written, not the one read, when a copy fails', () => {
    const copy = Object.assign(fsError('ENOSPC', '/usr/lib/node_modules/x/icon.svg'), { dest: path.join(root, 'dist.tmp-0a1b2c3d/public/icon.svg') });
    expect(writeFailure(copy, ctx)!.diagnostic.location.file).toBe('dist/public/icon.svg');
  });

  it('leaves anything else to be reported as a bug, with its stack', () => {
    expect(writeFailure(new TypeError('x is undefined'), ctx)).toBeNull();
    expect(writeFailure(fsError('ENOENT', path.join(root, 'dist/x')), ctx)).toBeNull();
    expect(writeFailure(undefined, ctx)).toBeNull();
  });

  it('maps only the staging folder suffix back to the output folder', () => {
    expect(unstaged('/a/dist.tmp-0a1b2c3d/public/x.html')).toBe('/a/dist/public/x.html');
    expect(unstaged('/a/dist.tmp-0a1b2c3d')).toBe('/a/dist');
    expect(unstaged('/a/dist.tmp-notahash/x')).toBe('/a/dist.tmp-notahash/x');
  });
});
