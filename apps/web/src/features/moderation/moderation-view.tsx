import type { AuditEntry, QueueReport, Suspension } from '@dum/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Check, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { BusyButton } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useNow } from '../../lib/use-now.ts';
import { formatRelativeTime } from '../post/index.ts';
import { FULL_DATE_TIME, formatDate } from '../../lib/i18n/index.ts';
import { auditLine, formatEnd, reasonLabel, reportedFor, shortAddress } from './labels.ts';
import { useDecideReport, useLiftSuspension, useModerationQueue } from './moderation-queries.ts';
import { ReportsPending } from './reports-pending.tsx';
import { SnapshotView } from './snapshot-view.tsx';
import { PageHeader } from '../../components/ui/page-title.tsx';

const DURATIONS = [
  { value: '1', label: msg`1 day` },
  { value: '7', label: msg`7 days` },
  { value: '30', label: msg`30 days` },
  { value: 'indefinite', label: msg`Indefinitely` },
] as const;

const ACTION_TEXT: Record<AuditEntry['action'], MessageDescriptor> = {
  dismiss: msg`Dismissed`,
  remove: msg`Removed the content`,
  suspend: msg`Suspended the wallet`,
  lift: msg`Lifted the suspension`,
  auto_hide: msg`Hidden automatically`,
  hold: msg`Earning held automatically`,
};

const inputClass =
  'w-full rounded-xl border border-border bg-surface-2/70 px-3 py-2 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none';

/** /moderation for moderators: open reports by severity and age, and active suspensions. */
export function ModerationView() {
  const { t } = useLingui();
  useDocumentTitle(t`Moderation`);
  const queue = useModerationQueue(true);
  const openCount = queue.data?.reports.length ?? 0;
  const suspendedCount = queue.data?.suspensions.length ?? 0;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        icon={<ShieldAlert className="size-6 text-danger" aria-hidden="true" />}
        title={<Trans>Moderation</Trans>}
        subtitle={
          <Trans>
            Open reports, the most severe and oldest first. Every action is written to the audit log
            with your wallet, your reason and the time.
          </Trans>
        }
      />
      {queue.isPending || queue.isError ? (
        <ReportsPending
          query={queue}
          label={t`Loading the reports`}
          errorTitle={t`Could not load the reports`}
          cardClassName="h-48 rounded-card"
        />
      ) : (
        <>
          <section aria-labelledby="open-reports">
            <h2 id="open-reports" className="mb-3 text-lg font-semibold">
              <Trans>Open reports ({openCount})</Trans>
            </h2>
            {queue.data.reports.length === 0 ? (
              <p className="rounded-card border border-border bg-surface/70 px-6 py-10 text-center text-sm text-muted">
                <Trans>Nothing to review. New reports show up here.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-4">
                {queue.data.reports.map((report) => (
                  <QueueItem key={report.id} report={report} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="suspensions" className="mt-8">
            <h2 id="suspensions" className="mb-3 text-lg font-semibold">
              <Trans>Suspended wallets ({suspendedCount})</Trans>
            </h2>
            {queue.data.suspensions.length === 0 ? (
              <p className="text-sm text-muted">
                <Trans>No wallet is suspended.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {queue.data.suspensions.map((suspension) => (
                  <SuspensionItem key={suspension.address} suspension={suspension} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function QueueItem({ report }: { report: QueueReport }) {
  const { t, i18n } = useLingui();
  const now = useNow(60_000);
  const ids = { reason: useId(), duration: useId(), heading: useId() };
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]['value']>('7');
  const decide = useDecideReport();
  const target = report.target;
  const openReports = report.openReportsOnTarget;
  const reporter = shortAddress(report.reporterAddress);
  const when = formatRelativeTime(report.createdAt, now);
  const note = report.note;
  const earlierReports = target.earlierReports;
  const upheldReports = target.upheldReports;
  const suspendedEnd = formatEnd(target.suspendedUntil);
  const ready = reason.trim().length > 0 && !decide.isPending;
  const act = (action: 'dismiss' | 'remove' | 'suspend') => {
    const text = reason.trim();
    const body =
      action === 'suspend'
        ? {
            action,
            reason: text,
            endsAt:
              duration === 'indefinite'
                ? null
                : new Date(Date.now() + Number(duration) * 86_400_000).toISOString(),
          }
        : { action, reason: text };
    decide.mutate({ id: report.id, body });
  };
  return (
    <li
      data-testid="queue-report"
      aria-labelledby={ids.heading}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface/80 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={ids.heading} className="text-sm font-semibold">
          {reportedFor(report.targetKind, reasonLabel(report.reason))}
        </h3>
        {report.openReportsOnTarget > 1 && (
          <Badge variant="danger">
            <Trans>{openReports} open reports</Trans>
          </Badge>
        )}
        {report.hidden && (
          <Badge variant="outline">
            <Trans>Hidden</Trans>
          </Badge>
        )}
        <span className="ml-auto text-xs text-subtle">
          <Trans>
            by {reporter} · <time dateTime={report.createdAt}>{when}</time>
          </Trans>
        </span>
      </div>
      {note && (
        <p className="text-sm text-muted">
          <Trans>Note: {note}</Trans>
        </p>
      )}
      <SnapshotView snapshot={report.snapshot} targetKind={report.targetKind} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-subtle">
            <Trans>Wallet</Trans>
          </dt>
          <dd className="font-mono break-all">{target.name ?? shortAddress(target.address)}</dd>
        </div>
        <div>
          <dt className="text-subtle">
            <Trans>Joined</Trans>
          </dt>
          <dd>{formatRelativeTime(target.accountCreatedAt, now)}</dd>
        </div>
        <div>
          <dt className="text-subtle">
            <Trans>Trust</Trans>
          </dt>
          <dd>
            {target.established ? <Trans>Established</Trans> : <Trans>Not established</Trans>}
          </dd>
        </div>
        <div>
          <dt className="text-subtle">
            <Trans>Earlier reports</Trans>
          </dt>
          <dd>
            <Trans>
              {earlierReports} ({upheldReports} upheld)
            </Trans>
          </dd>
        </div>
      </dl>
      {target.suspended && (
        <p className="text-xs text-danger">
          <Trans>Suspended {suspendedEnd}</Trans>
        </p>
      )}
      {report.audit.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold text-muted">
            <Trans>Audit log</Trans>
          </h4>
          <ol className="mt-1 flex flex-col gap-0.5 text-xs text-muted">
            {report.audit.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.createdAt}>
                  {formatDate(entry.createdAt, FULL_DATE_TIME)}
                </time>{' '}
                ·{' '}
                {auditLine(i18n._(ACTION_TEXT[entry.action]), entry.moderatorAddress, entry.reason)}
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <label htmlFor={ids.reason} className="text-xs font-medium">
          <Trans>Reason (written to the audit log)</Trans>
        </label>
        <input
          id={ids.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          className={inputClass}
          placeholder={t`Why this decision?`}
        />
        <div className="flex flex-wrap items-center gap-2">
          <BusyButton
            variant="secondary"
            size="sm"
            busy={decide.isPending && decide.variables.body.action === 'dismiss'}
            busyLabel={t`Dismissing...`}
            disabled={!ready}
            icon={<Check aria-hidden="true" />}
            onClick={() => act('dismiss')}
          >
            <Trans>Dismiss</Trans>
          </BusyButton>
          <BusyButton
            variant="danger"
            size="sm"
            busy={decide.isPending && decide.variables.body.action === 'remove'}
            busyLabel={t`Removing...`}
            disabled={!ready}
            icon={<Trash2 aria-hidden="true" />}
            onClick={() => act('remove')}
          >
            {/* A wallet's own content is its profile: removing it clears the name, picture and bio. */}
            {report.targetKind === 'wallet' ? (
              <Trans>Clear profile</Trans>
            ) : (
              <Trans>Remove content</Trans>
            )}
          </BusyButton>
          <span className="flex items-center gap-1.5 sm:ml-auto">
            <label htmlFor={ids.duration} className="sr-only">
              <Trans>Suspension length</Trans>
            </label>
            <select
              id={ids.duration}
              value={duration}
              onChange={(event) => setDuration(event.target.value as typeof duration)}
              className="rounded-lg border border-border bg-surface-2 px-2 py-1.5 text-sm"
            >
              {DURATIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {i18n._(option.label)}
                </option>
              ))}
            </select>
            <BusyButton
              variant="danger"
              size="sm"
              busy={decide.isPending && decide.variables.body.action === 'suspend'}
              busyLabel={t`Suspending...`}
              disabled={!ready}
              icon={<Ban aria-hidden="true" />}
              onClick={() => act('suspend')}
            >
              <Trans>Suspend wallet</Trans>
            </BusyButton>
          </span>
        </div>
      </div>
    </li>
  );
}

function SuspensionItem({ suspension }: { suspension: Suspension }) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  const lift = useLiftSuspension();
  const end = formatEnd(suspension.endsAt);
  const suspensionReason = suspension.reason;
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface/80 p-4 text-sm">
      <p>
        <span className="font-semibold">{suspension.name ?? shortAddress(suspension.address)}</span>{' '}
        <span className="text-muted">
          <Trans>
            suspended {end}: {suspensionReason}
          </Trans>
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className="text-xs font-medium">
            <Trans>Reason for lifting</Trans>
          </label>
          <input
            id={id}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            className={`${inputClass} mt-1`}
          />
        </div>
        <BusyButton
          variant="secondary"
          size="sm"
          busy={lift.isPending}
          busyLabel={t`Lifting...`}
          disabled={reason.trim().length === 0 || lift.isPending}
          icon={<ShieldCheck aria-hidden="true" />}
          onClick={() => lift.mutate({ address: suspension.address, reason: reason.trim() })}
        >
          <Trans>Lift suspension</Trans>
        </BusyButton>
      </div>
    </li>
  );
}
