// Public face of the serve stage: `serve` previews a build exactly as the generated nginx config serves it;
// `dev` builds, serves, watches and reloads the browser.
export { serveCodes } from './codes.js';
export { serve, ServeRefusedError, type ServeOptions, type ServeResult } from './serve.js';
export { createRequestHandler, type HandlerOptions, type ServeSite } from './handler.js';
export { matchLocation, type ServerLocation } from './locations.js';
export { parseRequestTarget, type RequestTarget } from './request-target.js';
export { checkRequestHead, headerBufferOverflow } from './request-head.js';
export { contentTypeFor, NGINX_MIME_TYPES, NGINX_DEFAULT_TYPE } from './mime-types.js';
export { loadSiteRedirects, rulesFromJson, type RedirectChecks, type SiteRedirects } from './load-site-redirects.js';
export { dev, DEV_DEBOUNCE_MS, DEV_OUT_DIR, type DevOptions, type DevEvent, type DevServer } from './dev.js';
export { DEV_EVENTS_PATH, DEV_OVERLAY_ID, injectDevClient } from './dev-client.js';
