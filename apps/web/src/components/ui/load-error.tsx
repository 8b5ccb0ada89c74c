import { Trans } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { Button } from './button.tsx';

/** A page's or list's failed load: what failed, the server's reason, and Try Again. */
export function LoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-danger/5 px-6 py-10 text-center"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        <Trans>Try Again</Trans>
      </Button>
    </div>
  );
}
