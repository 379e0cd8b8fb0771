// A test that cannot run on this machine (it needs root to mount a file system, say) is skipped on a developer's
// machine, but never under CI=true: there a skip would turn the run green without checking what the test checks.
import { describe, it } from 'vitest';

/** `describe` when `available`; else skipped, or under CI=true one failing test that says why. */
export function describeWhen(available: boolean, why: string): (name: string, body: () => void) => void {
  if (available) return (name, body) => describe(name, body);
  if (process.env.CI === 'true') {
    return (name) =>
      describe(name, () => {
        it('runs under CI=true', () => {
          throw new Error(`${name}: cannot run here (${why}); under CI=true this fails instead of skipping`);
        });
      });
  }
  return (name, body) => describe.skip(name, body);
}
