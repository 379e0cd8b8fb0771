// The browser runtime's tests (runtime-suite.ts) on the default build of fixtures/client/site: partial hydration,
// where doc, section and the other default templates' pages load the islands runtime and -rsc page data.
import { runtimeSuite } from './runtime-suite.js';

runtimeSuite('partial');
