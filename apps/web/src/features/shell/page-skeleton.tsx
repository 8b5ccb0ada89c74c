import { Trans } from '@lingui/react/macro';
import { Skeleton, SkeletonTiles } from '../../components/ui/skeleton.tsx';

/**
 * Shown while a page's code loads (every page is a lazy chunk), and in the prerendered shell.
 * At least a screen tall, so the footer waits below the fold instead of jumping down when the
 * page arrives.
 */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="mx-auto min-h-dvh w-full max-w-3xl"
    >
      <span className="sr-only">
        <Trans>Loading page…</Trans>
      </span>
      <Skeleton className="h-52 w-full rounded-3xl" />
      <SkeletonTiles count={4} className="mt-6 grid gap-4 sm:grid-cols-2" tileClassName="h-28" />
    </div>
  );
}
