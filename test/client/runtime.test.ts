// The browser runtime in Debian's headless Chromium against a real build of fixtures/client/site with every page
// hydrated by React (`hydration: full`, the app runtime): navigation, the loader's fallbacks and retries,
// prefetching, scroll, announcements, reloads, redirects, messages, translations, data fetching, color modes,
// the service worker and accessibility (runtime-suite.ts). runtime-islands.test.ts runs them on the islands runtime.
import { runtimeSuite } from './runtime-suite.js';

runtimeSuite('full');
