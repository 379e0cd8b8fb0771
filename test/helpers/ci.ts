// A test that needs what this machine cannot give (root to mount a file system, say) fails and says why, rather
// than being skipped: a skip would turn the run green without checking what the test checks. `npm test` already
// needs root to install its Debian packages; the same behaviour for other users is covered by tests that need no
// root (file modes, `ulimit -f` and `ulimit -n` in bad-input.test.ts and read-only-root.test.ts).
import { describe, it } from 'vitest';

/** `describe` when `available`; else one failing test that says why it cannot run here. */
export function describeWhen(available: boolean, why: string): (name: string, body: () => void) => void {
  if (available) return (name, body) => describe(name, body);
  return (name) =>
    describe(name, () => {
      it('can run on this machine', () => {
        throw new Error(`${name}: cannot run here (${why})`);
      });
    });
}
