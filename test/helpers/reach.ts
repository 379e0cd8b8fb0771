// A property that returns early (or is skipped by `fc.pre`) on most inputs asserts nothing on them while the run
// still shows green. `assertReaching` runs a property like `fc.assert` and counts the runs that reached an
// assertion: a run reached when it made at least one `expect` call and was not skipped. Below the threshold (most
// runs) the test fails with "reached N of M runs", so an arbitrary that misses the code under test is seen.
// FC_REACH=1 prints the figure of every property.
import fc from 'fast-check';
import { expect } from 'vitest';

/** How many runs must reach the assertion unless a property says otherwise: most of them. */
export const MOST = 0.8;

type Reach = { runs: number; reached: number };

/** The property, with every run counted and the runs that made an `expect` assertion counted as reached. */
function counted<Ts>(property: fc.IRawProperty<Ts>, reach: Reach): fc.IRawProperty<Ts> {
  const seen = (before: number, outcome: unknown) => {
    reach.runs++;
    // a precondition failure (`fc.pre`) is a skipped run, whatever it asserted before
    const skipped = outcome !== null && typeof outcome === 'object' && fc.PreconditionFailure.isFailure(outcome);
    if (!skipped && expect.getState().assertionCalls > before) reach.reached++;
    return outcome;
  };
  return {
    isAsync: () => property.isAsync(),
    generate: (mrng, runId) => property.generate(mrng, runId),
    shrink: (value) => property.shrink(value),
    runBeforeEach: () => property.runBeforeEach(),
    runAfterEach: () => property.runAfterEach(),
    run: ((v: Ts) => {
      const before = expect.getState().assertionCalls;
      const outcome = property.run(v) as unknown;
      return outcome instanceof Promise ? outcome.then((o) => seen(before, o)) : seen(before, outcome);
    }) as fc.IRawProperty<Ts>['run'],
  };
}

function verify(reach: Reach, min: number, label: string | undefined): void {
  const figure = `reached its assertion in ${reach.reached} of ${reach.runs} runs`;
  if (process.env.FC_REACH) process.stderr.write(`${label ?? expect.getState().currentTestName}: ${figure}\n`);
  expect(reach.reached / Math.max(reach.runs, 1), `the property ${figure}; at least ${Math.round(min * 100)}% must`).toBeGreaterThanOrEqual(min);
}

/** Options: `min`, the share of runs that must reach an assertion (default MOST); `label`, the name printed. */
export type ReachOptions = { min?: number; label?: string };

/** `fc.assert` for a synchronous property, failing also when fewer than `min` of the runs reached an assertion. */
export function assertReaching<Ts>(property: fc.IProperty<Ts>, params?: fc.Parameters<Ts>, options?: ReachOptions): void;
/** `fc.assert` for an asynchronous property, failing also when fewer than `min` of the runs reached an assertion. */
export function assertReaching<Ts>(property: fc.IAsyncProperty<Ts>, params?: fc.Parameters<Ts>, options?: ReachOptions): Promise<void>;
export function assertReaching<Ts>(property: fc.IRawProperty<Ts>, params?: fc.Parameters<Ts>, options: ReachOptions = {}): void | Promise<void> {
  const reach: Reach = { runs: 0, reached: 0 };
  const min = options.min ?? MOST;
  const wrapped = counted(property, reach);
  if (property.isAsync()) {
    return (fc.assert(wrapped as fc.IAsyncPropertyWithHooks<Ts>, params) as Promise<void>).then(() => verify(reach, min, options.label));
  }
  fc.assert(wrapped as fc.IPropertyWithHooks<Ts>, params);
  verify(reach, min, options.label);
}
