// A full garbage collection between the build's big phases: V8 lets a heap grow to about twice its live data
// before collecting it, so without one the link checker's threads started beside a heap of dead render results.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * Collects garbage now if the runtime allows it (it does in Node 20; otherwise nothing happens), and if the heap
 * holds at least `minHeapBytes`: below that, V8's own collections keep the peak low enough, and a forced full GC
 * costs tens of milliseconds of the main thread.
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
