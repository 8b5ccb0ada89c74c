import type { Report } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useNow } from '../../lib/use-now.ts';
import { formatRelativeTime } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { reasonLabel, statusLabel, targetName } from './labels.ts';
import { useMyReports } from './moderation-queries.ts';
import { ReportsPending } from './reports-pending.tsx';
import { SnapshotView } from './snapshot-view.tsx';
import { PageHeader } from '../../components/ui/page-title.tsx';

/** /reports: the reports the viewer filed and what became of each. */
export function MyReports({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  useDocumentTitle(t`My reports`);
  const reports = useMyReports(viewer.isAuthenticated);
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        icon={<Flag className="size-6 text-danger" aria-hidden="true" />}
        title={<Trans>My reports</Trans>}
        subtitle={
          <Trans>
            What you reported and what the moderators decided. You are notified of each decision.
          </Trans>
        }
      />
      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Sign in to see your reports`}>
          <Trans>Your reports are yours alone: sign in with the wallet that filed them.</Trans>
        </ConnectPrompt>
      ) : reports.isPending || reports.isError ? (
        <ReportsPending
          query={reports}
          label={t`Loading your reports`}
          errorTitle={t`Could not load your reports`}
          cardClassName="h-28 rounded-card"
        />
      ) : reports.data.items.length === 0 ? (
        <div className="rounded-card border border-border bg-surface/70 px-6 py-12 text-center">
          <h2 className="text-lg font-semibold">
            <Trans>No reports yet</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>To report a post, comment, message or wallet, use Report in its menu.</Trans>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Your reports`}>
          {reports.data.items.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReportRow({ report }: { report: Report }) {
  const now = useNow(60_000);
  const note = report.note;
  return (
    <li
      data-testid="my-report"
      className="flex flex-col gap-2 rounded-card border border-border bg-surface/80 p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{targetName(report.targetKind)}</span>
        <span className="text-muted">· {reasonLabel(report.reason)}</span>
        <time dateTime={report.createdAt} className="text-subtle">
          · {formatRelativeTime(report.createdAt, now)}
        </time>
        <Badge
          variant={
            report.status === 'open'
              ? 'outline'
              : report.status === 'dismissed'
                ? 'default'
                : 'success'
          }
          className="ml-auto"
          data-testid="report-status"
        >
          {statusLabel(report.status)}
        </Badge>
      </div>
      <SnapshotView snapshot={report.snapshot} targetKind={report.targetKind} />
      {note && (
        <p className="text-xs text-muted">
          <Trans>Your note: {note}</Trans>
        </p>
      )}
    </li>
  );
}
