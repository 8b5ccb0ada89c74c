import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';

/**
 * A list of reports not there yet: two card placeholders while it loads (`cardClassName` sizes
 * them), or why it could not load and Retry.
 */
export function ReportsPending({
  query,
  label,
  errorTitle,
  cardClassName,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> };
  label: string;
  errorTitle: string;
  cardClassName: string;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
        <Skeleton className={cardClassName} />
        <Skeleton className={cardClassName} />
      </div>
    );
  }
  return (
    <LoadError
      title={errorTitle}
      message={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
    />
  );
}
