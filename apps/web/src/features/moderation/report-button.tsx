import type { ReportTargetKind } from '@dum/core';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../lib/cn.ts';

const ReportDialog = lazy(async () => ({
  default: (await import('./report-dialog.tsx')).ReportDialog,
}));

/** The report dialog, its code loaded when first opened (for menus that open it themselves). */
export function LazyReportDialog(props: {
  targetKind: ReportTargetKind;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}

/** A small "Report" flag button (a comment, a received message) that opens the dialog. */
export function ReportButton({
  targetKind,
  targetId,
  label,
  className,
}: {
  targetKind: ReportTargetKind;
  targetId: string;
  /** The accessible name, e.g. "Report comment". */
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        className={cn(
          'rounded-md p-1 text-subtle transition-colors hover:bg-surface-3 hover:text-danger focus-visible:text-danger',
          className,
        )}
      >
        <Flag className="size-3.5" aria-hidden="true" />
      </button>
      <LazyReportDialog
        targetKind={targetKind}
        targetId={targetId}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
