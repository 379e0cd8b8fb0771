// Service-worker registration (Gatsby's register-service-worker rules): only over HTTPS or on localhost, and on the
// loopback addresses browsers trust as they trust localhost; when an updated worker has installed, the next
// navigation is a full page load that the new worker serves.

/** Shared with the navigator: set when an updated worker is installed and waiting. */
export const serviceWorkerState = { updated: false };

/**
 * Whether browsers let a page on this host register a service worker over plain HTTP: the hosts the Secure
 * Contexts spec calls potentially trustworthy, `localhost` (and names under `.localhost`), the IPv4 loopback
 * block 127.0.0.0/8 and the IPv6 loopback `[::1]` (`docsgen serve` and `dev` print 127.0.0.1 addresses).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // the URL parser has already written IPv6 compressed and IPv4 in dotted decimal (`127.1` is 127.0.0.1)
  if (host === '[::1]') return true;
  return /^127\.(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){2}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(host);
}

/** Registers `<prefix>/sw.js` and follows the installing worker's states. */
export function registerServiceWorker(prefix: string): void {
  // a page `docsgen dev` served (its live-reload script, src/serve/dev-client.ts) registers nothing: dev's sw.js
  // only removes a worker `docsgen serve` left on this origin, fetched by the browser's own update check on navigation
  if (document.querySelector('script[data-docsgen-dev]')) return;
  if (location.protocol !== 'https:' && !isLoopbackHost(location.hostname)) {
    console.error('Service workers can only be used over HTTPS, or on localhost for development');
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(`${prefix}/sw.js`)
    .then((reg) => {
      // an update that installed during an earlier page view is still waiting
      if (reg.waiting && navigator.serviceWorker.controller) serviceWorkerState.updated = true;
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        if (!worker) return;
        console.log('installingWorker', worker);
        let activated = false;
        worker.addEventListener('statechange', () => {
          switch (worker.state) {
            case 'installed':
              if (navigator.serviceWorker.controller) serviceWorkerState.updated = true;
              else console.log('Content is now available offline!');
              break;
            case 'redundant':
              // a worker that did its job and was replaced by the next deploy is not an installing failure
              if (!activated) console.error('The installing service worker became redundant.');
              break;
            case 'activated':
              activated = true;
              break;
          }
        });
      });
    })
    .catch((err: unknown) => console.error('Error during service worker registration:', err));
}

/**
 * Full page load after an update. Pages and page-data are network-first in the worker, so the load brings the
 * new build's HTML and bundles; the waiting worker takes over when the reader's last tab of the site closes
 * (it is built with skipWaiting off, so an open tab never switches workers under a running page).
 */
export function loadAfterUpdate(href: string): void {
  window.location.assign(href);
}
