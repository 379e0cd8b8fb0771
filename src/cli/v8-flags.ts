// V8 tuning for docsgen's workload, imported by the executable before anything else. The flags are
// process-wide, so the render and link threads get them too; the library API leaves its host's flags alone.
//
// TurboFan may inline up to 920 bytes of bytecode into each function it optimizes (V8's default). A build
// optimizes its hot code (the Markdown parser, React's renderer, highlight.js) once per thread, on background
// threads that take their time from the render threads on a small machine: 971 functions and about 5 s of
// background compiling in a cold 4,000-page build, the template's root component alone 100-180 ms per thread
// (React and the template inlined into it). With half the budget (460), six alternating A/B rounds of cold
// 4,000-page builds (bench corpus, 2 cores) gave a median of -4 % wall time (-9 % to +3 %); a quarter (230)
// against 460, in two later A/B runs: -8 % and -6 % wall, -10 % and -7 % CPU, faster in 4 of 5 pairs of the
// second. This machine's noise is of the same order, so the gain is small, not certain.
import { setFlagsFromString } from 'node:v8';

const FLAG = '--max-inlined-bytecode-size-cumulative';

// a value the user chose (node flags or NODE_OPTIONS) wins
if (![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith(FLAG))) {
  setFlagsFromString(`${FLAG}=230`);
}
