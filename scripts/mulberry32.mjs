// mulberry32: a tiny seeded PRNG, so generated corpora and drawings are the same on every run and machine.
// Shared by bench/ (corpus, link pages) and the sample-image scripts.

/** Returns a function giving the next number in [0, 1) for a 32-bit integer seed. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
