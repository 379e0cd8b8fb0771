/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. After a call fails no
 * new call starts, and the promise rejects (with the first error) only once every call in flight has settled: a
 * caller that cleans up on failure (a build removing its staging folder) never races a call still writing there.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]!, i);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed !== null) throw (failed as { error: unknown }).error;
  return results;
}
