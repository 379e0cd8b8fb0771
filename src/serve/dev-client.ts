// The live-reload client the dev server injects into every HTML page it sends (never into a build): it listens
// to the dev server's event stream, reloads after a successful rebuild, and shows build problems in an overlay.

/** Path of the dev server's Server-Sent Events stream (outside the site prefix, never a page). */
export const DEV_EVENTS_PATH = '/__docsgen/events';
/** id of the overlay element (tests and users' devtools find it by this). */
export const DEV_OVERLAY_ID = 'docsgen-dev-overlay';

/** The browser side, as source text; `build` is the build number the page was served from. */
function clientSource(build: number): string {
  return `(() => {
  const BUILD = ${JSON.stringify(build)};
  const ID = ${JSON.stringify(DEV_OVERLAY_ID)};
  const hide = () => document.getElementById(ID)?.remove();
  const show = (problems) => {
    hide();
    const box = document.createElement('div');
    box.id = ID;
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-label', 'docsgen build problems');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,20,.92);color:#f6f6f6;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px;box-sizing:border-box;text-align:left';
    const title = document.createElement('div');
    title.style.cssText = 'font-size:18px;font-weight:bold;color:#ff7b72;margin-bottom:8px';
    title.textContent = 'docsgen: the last change did not build (' + problems.length + (problems.length === 1 ? ' problem' : ' problems') + ')';
    const note = document.createElement('div');
    note.style.cssText = 'color:#bbb;margin-bottom:16px';
    note.textContent = 'The page shows the last good build. Fix the file and save: this closes by itself.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Dismiss';
    close.style.cssText = 'position:absolute;top:16px;right:16px;font:inherit;color:inherit;background:#444;border:0;padding:4px 12px;cursor:pointer';
    close.onclick = hide;
    box.append(title, note, close);
    for (const text of problems) {
      const pre = document.createElement('pre');
      pre.style.cssText = 'white-space:pre-wrap;margin:0 0 12px;padding:12px;background:#000;border-left:4px solid #ff7b72;color:inherit;font:inherit';
      pre.textContent = text;
      box.append(pre);
    }
    document.body.append(box);
  };
  const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
  events.addEventListener('hello', (e) => {
    const data = JSON.parse(e.data);
    if (data.build !== BUILD) location.reload();
    else if (data.problems.length) show(data.problems);
  });
  events.addEventListener('problems', (e) => show(JSON.parse(e.data).problems));
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('ok', hide);
})();`;
}

/** Adds the client to an HTML page, before `</body>` (or at the end when there is none). */
export function injectDevClient(html: string, build: number): string {
  const tag = `<script data-docsgen-dev>${clientSource(build)}</script>`;
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
