import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../src/util/map-limit.js';
import { assertReaching } from '../helpers/reach.js';

// A build that fails removes its staging folder in its catch block. mapLimit once rejected on the first failure
// while its other calls were still writing pages there, so the removal raced them: ENOTEMPTY surfaced as an
// internal error, or a call's mkdir made the removed folder again (the full-disk test in test/build/bad-input).

const ticks = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number): void => void (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
  step(n);
});

describe('mapLimit', () => {
  it('returns every result in input order with at most `limit` calls in flight', async () => {
    await assertReaching(
      fc.asyncProperty(fc.array(fc.nat(5), { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), async (delays, limit) => {
        let inFlight = 0;
        let most = 0;
        const results = await mapLimit(delays, limit, async (delay, i) => {
          most = Math.max(most, ++inFlight);
          await ticks(delay);
          inFlight--;
          return i * 2;
        });
        expect(results).toEqual(delays.map((_, i) => i * 2));
        expect(most).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('rejects with the failure only once every call in flight has settled, and starts none after it', async () => {
    const input = fc
      .array(fc.nat(5), { minLength: 1, maxLength: 40 })
      .chain((delays) => fc.tuple(fc.constant(delays), fc.nat(delays.length - 1), fc.integer({ min: 1, max: 8 })));
    await assertReaching(
      fc.asyncProperty(input, async ([delays, failing, limit]) => {
        let inFlight = 0;
        let failedAt: number | null = null;
        const startedAfter: number[] = [];
        const error = new Error(`call ${failing} failed`);
        const run = mapLimit(delays, limit, async (delay, i) => {
          if (failedAt !== null) startedAfter.push(i);
          inFlight++;
          try {
            await ticks(delay);
            if (i === failing) {
              // mapLimit learns of the failure a microtask later; by the next turn of the event loop it knows
              setImmediate(() => (failedAt = i));
              throw error;
            }
          } finally {
            inFlight--;
          }
        });
        await expect(run).rejects.toBe(error);
        // what a caller's cleanup would race: a call still running, or one begun after the failure
        expect(inFlight).toBe(0);
        expect(startedAfter).toEqual([]);
      }),
    );
  });
});
