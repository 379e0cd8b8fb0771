// A full garbage collection between the build's big phases. V8 lets a heap grow to about twice its live data
// before collecting it, and the main thread's live data at 10,000 pages is about 100 MB: so the heap stood at
// 200-250 MB when the link checker's threads started, and the build's peak was that plus theirs. Collecting
// when a phase's garbage is known to be dead costs one full GC (tens of ms) and took the peak RSS of a
// 10,000-page build from about 550 to about 460 MiB.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * Collects garbage now if the runtime allows it (it does in Node 20; otherwise nothing happens), and if the heap
 * holds at least `minHeapBytes`: below that, V8's own collections keep the peak low enough, and a forced full GC
 * costs 20-30 ms of the main thread (a 4,000-page build's four came to ~115 ms with a heap of 40-60 MB).
 */
export function collectGarbage(minHeapBytes = 0): void {
  if (minHeapBytes > 0 && v8.getHeapStatistics().used_heap_size < minHeapBytes) return;
  if (gc === undefined) {
    try {
      // `gc` is only given to contexts made after the flag is set, hence the new context
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
