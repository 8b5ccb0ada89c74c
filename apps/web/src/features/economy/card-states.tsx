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
        Try Again
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
