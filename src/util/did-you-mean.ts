/**
 * The candidate closest to `word` (case, `-` and `_` ignored), when it is close enough to be a likely typo
 * (at most a third of its letters differ); null otherwise.
 */
export function closest(word: string, candidates: readonly string[]): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const w = norm(word);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(w, norm(c));
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(w.length / 3)) ? best : null;
}

// Levenshtein distance with transpositions counted as one edit (a typo's usual shape)
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
