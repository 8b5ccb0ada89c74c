import { CircleAlert, RefreshCw, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

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

/** A dashboard card named by its title (a region for assistive tech), with an icon badge. */
export function SectionCard({
  testId,
  icon: Icon,
  iconClassName,
  title,
  description,
  className,
  headerClassName,
  contentClassName,
  decoration,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  /** The badge's colours. */
  iconClassName: string;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  headerClassName?: string;
  contentClassName?: string;
  /** Drawn behind the header and content (a glow). */
  decoration?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId} data-testid={testId}>
      {decoration}
      <CardHeader className={headerClassName}>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <span className={cn('grid size-8 place-items-center rounded-lg', iconClassName)}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
