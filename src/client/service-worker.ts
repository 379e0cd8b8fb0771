// Service-worker registration (Gatsby's register-service-worker rules): only over HTTPS or on localhost; when an
// updated worker has installed, the next navigation is a full page load that the new worker serves.

/** Shared with the navigator: set when an updated worker is installed and waiting. */
export const serviceWorkerState = { updated: false };

let registration: ServiceWorkerRegistration | undefined;

/** Registers `<prefix>/sw.js` and follows the installing worker's states. */
export function registerServiceWorker(prefix: string): void {
  if (location.protocol !== 'https:' && location.hostname !== 'localhost') {
    console.error('Service workers can only be used over HTTPS, or on localhost for development');
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(`${prefix}/sw.js`)
    .then((reg) => {
      registration = reg;
      // an update that installed during an earlier page view is still waiting
      if (reg.waiting && navigator.serviceWorker.controller) serviceWorkerState.updated = true;
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        if (!worker) return;
        console.log('installingWorker', worker);
        worker.addEventListener('statechange', () => {
          switch (worker.state) {
            case 'installed':
              if (navigator.serviceWorker.controller) serviceWorkerState.updated = true;
              else console.log('Content is now available offline!');
              break;
            case 'redundant':
              console.error('The installing service worker became redundant.');
              break;
            case 'activated':
              break;
          }
        });
      });
    })
    .catch((err: unknown) => console.error('Error during service worker registration:', err));
}

/**
 * Full page load after an update: the waiting worker is asked to take over first (the worker is built with
 * skipWaiting off and claims clients when it activates), so the new page comes from the new build.
 */
export async function loadWithNewWorker(href: string): Promise<void> {
  const waiting = registration?.waiting;
  if (waiting && 'serviceWorker' in navigator) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  }
  window.location.assign(href);
}
