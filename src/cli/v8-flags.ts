// V8 tuning for docsgen's workload, imported by the executable before anything else. The flags are
// process-wide, so the render and link threads get them too; the library API leaves its host's flags alone.
//
// TurboFan may inline up to 920 bytes of bytecode into each function it optimizes (V8's default). A build
// optimizes its hot code (the Markdown parser, React's renderer, highlight.js) once per thread, on background
// threads that take their time from the render threads on a small machine. With half that budget, six
// alternating A/B rounds of cold 4,000-page builds (bench corpus, 2 cores) gave a median of -4 % wall time
// (from -9 % to +3 %: this machine's noise is of the same order, so the gain is small, not certain).
import { setFlagsFromString } from 'node:v8';

const FLAG = '--max-inlined-bytecode-size-cumulative';

// a value the user chose (node flags or NODE_OPTIONS) wins
if (![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith(FLAG))) {
  setFlagsFromString(`${FLAG}=460`);
}
