/**
 * The page's side of the service worker (src/sw/sw.ts, built to /sw.js): registers it once the
 * page has loaded, so it never competes with the first load, and tells the update prompt when a
 * new version has installed and is waiting for the page's word to take over.
 */

type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The installed update waiting to take over, or null. */
export function waitingUpdate(): ServiceWorker | null {
  return waiting;
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers /sw.js after the page's load event (production builds, browsers with service
 * workers). A worker that installs while an older one controls the page is an update.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watch, () => {
      // Not registered (storage off, say): the app runs as an ordinary page.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function watch(registration: ServiceWorkerRegistration): void {
  const { serviceWorker } = navigator;
  // Installed during an earlier visit and still waiting.
  if (registration.waiting && serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && serviceWorker.controller) setWaiting(worker);
    });
  });
  // A tab left open for days still hears of a deploy: look again whenever it comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/** The prompt's Reload: the waiting worker takes over, then the page loads its new version. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
