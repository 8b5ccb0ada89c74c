import { Trans } from '@lingui/react/macro';
import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** A card's error state: what failed, and a way to try again. */
export function CardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleAlert className="size-6 text-danger" aria-hidden="true" />
      <p className="text-sm text-muted">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        <Trans>Try Again</Trans>
      </Button>
    </div>
  );
}

/** A card's empty state. */
export function CardEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 py-6 text-center">
      <p className="text-sm font-semibold">{title}</p>
      {children && <p className="text-sm text-muted">{children}</p>}
    </div>
  );
}

/**
 * A card's body over one query: the content once the data is there, else the error with
 * Try Again, else the skeleton announced as loading.
 */
export function CardQueryState<T>({
  data,
  isError,
  errorMessage,
  onRetry,
  loadingLabel,
  loadingClassName = 'grid gap-3',
  skeleton,
  children,
}: {
  data: T | undefined;
  isError: boolean;
  errorMessage: string;
  onRetry: () => void;
  loadingLabel: string;
  loadingClassName?: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (isError) return <CardError message={errorMessage} onRetry={onRetry} />;
  return (
    <div className={loadingClassName} role="status" aria-label={loadingLabel}>
      {skeleton}
    </div>
  );
}
