import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * The shell's notice while the browser has no connection (navigator.onLine and its events): the
 * app still opens, from the service worker's copy, but nothing it shows is new until the
 * connection is back. (No icon: the first load's budget is counted in bytes.)
 */
export function OfflineBanner() {
  // The prerendered shell is drawn online.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-warning/40 bg-surface-2 px-4 py-2 text-center text-sm"
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-warning" />
      <p>
        <strong className="font-semibold">
          <Trans>You are offline.</Trans>
        </strong>{' '}
        <span className="text-muted">
          <Trans>Nothing new loads until your connection is back.</Trans>
        </span>
      </p>
    </div>
  );
}
