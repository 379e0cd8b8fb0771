// Every property test counts the runs that reached its assertion (test/helpers/reach.ts): a bare `fc.assert`
// would let an arbitrary that misses the code under test pass green again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

describe('property tests', () => {
  it('run through assertReaching, never a bare fc.assert', async () => {
    const bare: string[] = [];
    for (const file of await fg('test/**/*.ts', { cwd: repoRoot, ignore: ['test/helpers/reach.ts', 'test/architecture/properties.test.ts'] })) {
      const text = await readFile(path.join(repoRoot, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/\bfc\.assert\s*\(/.test(line)) bare.push(`${file}:${i + 1}`);
      });
    }
    expect(bare).toEqual([]);
  });
});
