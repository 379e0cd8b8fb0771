import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../src/memory.js';

// src/memory.ts promises a full collection now when the heap holds at least the given size, and nothing (no
// collection, no cost) below it. What a collection frees is seen through a WeakRef: its target is gone after one.

/** A WeakRef to an object only the WeakRef reaches, after the turn that made it (a WeakRef keeps it that long). */
async function unreachable(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ payload: new Array(1000).fill('garbage') });
  await new Promise((r) => setImmediate(r));
  return ref;
}

describe('collectGarbage', () => {
  it('collects unreachable objects when the heap holds at least the threshold', async () => {
    const ref = await unreachable();
    collectGarbage(1);
    expect(ref.deref()).toBeUndefined();
  });

  it('leaves the heap alone below the threshold', async () => {
    const ref = await unreachable();
    collectGarbage(Number.MAX_SAFE_INTEGER);
    expect(ref.deref()).toBeDefined();
    // deref() keeps its target to the end of the turn, as creating it did
    await new Promise((r) => setImmediate(r));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
