// The live-reload client the dev server injects into every HTML page it sends (never into a build): it listens
// to the dev server's event stream, reloads after a successful rebuild, and shows build problems in an overlay.

/** Path of the dev server's Server-Sent Events stream (outside the site prefix, never a page). */
export const DEV_EVENTS_PATH = '/__docsgen/events';
/** id of the overlay element (tests and users' devtools find it by this). */
export const DEV_OVERLAY_ID = 'docsgen-dev-overlay';

/**
 * The browser side, as source text; `build` is the build number the page was served from. A failed build's
 * problems cover the page (it shows the last good build); a build that worked with problems (broken links) gets a
 * panel at the bottom that leaves the page usable. Each problem is styled by its severity.
 */
function clientSource(build: number, preview: number): string {
  return `(() => {
  const BUILD = ${JSON.stringify(build)};
  // the build and the count of previews the page shows: a later build when it only confirmed what a preview
  // showed, a later count when the previews were of other pages
  let shown = BUILD;
  let previews = ${JSON.stringify(preview)};
  const ID = ${JSON.stringify(DEV_OVERLAY_ID)};
  const COLORS = { error: '#ff7b72', warning: '#e3b341' };
  const hide = () => document.getElementById(ID)?.remove();
  const count = (n, what) => n + ' ' + what + (n === 1 ? '' : 's');
  const show = (failed, problems) => {
    hide();
    if (!problems.length) return;
    const errors = problems.filter((p) => p.severity === 'error').length;
    const box = document.createElement('div');
    box.id = ID;
    box.dataset.failed = String(failed);
    box.setAttribute('role', failed ? 'alertdialog' : 'status');
    box.setAttribute('aria-label', 'docsgen build problems');
    box.style.cssText = (failed ? 'inset:0;padding:32px;' : 'left:0;right:0;bottom:0;max-height:40vh;padding:16px 32px;border-top:4px solid ' + (errors ? COLORS.error : COLORS.warning) + ';') +
      'position:fixed;z-index:2147483647;overflow:auto;background:rgba(20,20,20,.94);color:#f6f6f6;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;box-sizing:border-box;text-align:left';
    const title = document.createElement('div');
    title.style.cssText = 'font-size:18px;font-weight:bold;margin-bottom:8px;color:' + (errors ? COLORS.error : COLORS.warning);
    const warnings = problems.length - errors;
    const counts = [errors && count(errors, 'error'), warnings && count(warnings, 'warning')].filter(Boolean).join(', ');
    title.textContent = failed ? 'docsgen: the last change did not build (' + count(problems.length, 'problem') + ')' : 'docsgen: the last build has ' + counts;
    const note = document.createElement('div');
    note.style.cssText = 'color:#bbb;margin-bottom:16px';
    note.textContent = failed
      ? 'The page shows the last good build. Fix the file and save: this closes by itself.'
      : 'The page is up to date. ' + (errors ? 'docsgen build fails on the errors. ' : '') + 'Fix them and save: this closes by itself.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Dismiss';
    close.style.cssText = 'position:absolute;top:16px;right:16px;font:inherit;color:inherit;background:#444;border:0;padding:4px 12px;cursor:pointer';
    close.onclick = hide;
    box.append(title, note, close);
    for (const problem of problems) {
      const pre = document.createElement('pre');
      pre.dataset.severity = problem.severity;
      pre.style.cssText = 'white-space:pre-wrap;margin:0 0 12px;padding:12px;background:#000;color:inherit;font:inherit;border-left:4px solid ' + (COLORS[problem.severity] || COLORS.error);
      pre.textContent = problem.text;
      box.append(pre);
    }
    document.body.append(box);
  };
  const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
  events.addEventListener('hello', (e) => {
    const data = JSON.parse(e.data);
    // an event missed while the page (re)loaded: what it shows is older than the server's
    if (data.build !== shown || (data.preview ?? previews) !== previews) location.reload();
    else show(data.failed, data.problems);
  });
  events.addEventListener('problems', (e) => {
    const data = JSON.parse(e.data);
    show(data.failed, data.problems);
  });
  // the page's own path as the server names pages (decoded, without a query)
  const here = () => {
    try {
      return decodeURI(location.pathname);
    } catch {
      return location.pathname;
    }
  };
  // a saved page, rendered before its build: shown at once where it is open
  events.addEventListener('preview', (e) => {
    const data = JSON.parse(e.data);
    if (data.pages.includes(here())) location.reload();
    else previews = data.preview;
  });
  events.addEventListener('reload', (e) => {
    const data = JSON.parse(e.data || '{}');
    // the build made what the pages already show (previews, byte for byte): nothing to load again
    if (data.shown) shown = data.build;
    else location.reload();
  });
  events.addEventListener('ok', hide);
})();`;
}

/** Adds the client to an HTML page, before `</body>` (or at the end when there is none); `preview`: previews made so far. */
export function injectDevClient(html: string, build: number, preview = 0): string {
  const tag = `<script data-docsgen-dev>${clientSource(build, preview)}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

/**
 * What the dev server answers for the site's sw.js: a worker that unregisters itself and reloads its pages, so a
 * service worker left by `docsgen serve` on the same origin cannot serve stale pages during editing.
 */
export const DEV_SERVICE_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
  })());
});
`;
