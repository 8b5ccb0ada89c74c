import { Trans } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { applyUpdate, subscribeToUpdate, waitingUpdate } from './service-worker.ts';

/**
 * Appears when a new version of the app has installed in the background: it waits for the
 * member's Reload (a page reloading by itself could lose a half-written post), and it does not
 * block the page meanwhile.
 */
export function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeToUpdate, waitingUpdate, () => null);
  if (!update) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 flex items-center justify-between gap-3 rounded-card border border-primary/40 bg-surface-2 px-4 py-3 shadow-lg sm:left-auto sm:w-96 lg:bottom-6"
    >
      <p className="text-sm font-medium">
        <Trans>A new version is available</Trans>
      </p>
      <Button size="sm" onClick={applyUpdate}>
        <RotateCw aria-hidden="true" />
        <Trans>Reload</Trans>
      </Button>
    </div>
  );
}
