import type { AuditEntry, QueueReport, Suspension } from '@dum/core';
import { Ban, Check, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { BusyButton } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useNow } from '../../lib/use-now.ts';
import { formatRelativeTime } from '../post/index.ts';
import { capitalized, formatEnd, reasonLabel, TARGET_LABEL } from './labels.ts';
import { useDecideReport, useLiftSuspension, useModerationQueue } from './moderation-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shortAddress, SnapshotView } from './snapshot-view.tsx';

const DURATIONS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'indefinite', label: 'Indefinitely' },
] as const;

const ACTION_TEXT: Record<AuditEntry['action'], string> = {
  dismiss: 'Dismissed',
  remove: 'Removed the content',
  suspend: 'Suspended the wallet',
  lift: 'Lifted the suspension',
  auto_hide: 'Hidden automatically',
  hold: 'Earning held automatically',
};

const inputClass =
  'w-full rounded-xl border border-border bg-surface-2/70 px-3 py-2 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none';

/** /moderation for moderators: open reports by severity and age, and active suspensions. */
export function ModerationView() {
  useDocumentTitle('Moderation');
  const queue = useModerationQueue(true);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <header className="mb-5">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <ShieldAlert className="size-6 text-danger" aria-hidden="true" />
          Moderation
        </h1>
        <p className="mt-1 text-sm text-muted">
          Open reports, the most severe and oldest first. Every action is written to the audit log
          with your wallet, your reason and the time.
        </p>
      </header>
      {queue.isPending ? (
        <div aria-busy="true" aria-label="Loading the reports" className="flex flex-col gap-3">
          <Skeleton className="h-48 rounded-card" />
          <Skeleton className="h-48 rounded-card" />
        </div>
      ) : queue.isError ? (
        <LoadError
          title="Could not load the reports"
          message={errorMessage(queue.error)}
          onRetry={() => void queue.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="open-reports">
            <h2 id="open-reports" className="mb-3 text-lg font-semibold">
              Open reports ({queue.data.reports.length})
            </h2>
            {queue.data.reports.length === 0 ? (
              <p className="rounded-card border border-border bg-surface/70 px-6 py-10 text-center text-sm text-muted">
                Nothing to review. New reports show up here.
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
              Suspended wallets ({queue.data.suspensions.length})
            </h2>
            {queue.data.suspensions.length === 0 ? (
              <p className="text-sm text-muted">No wallet is suspended.</p>
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
  const now = useNow(60_000);
  const ids = { reason: useId(), duration: useId(), heading: useId() };
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]['value']>('7');
  const decide = useDecideReport();
  const label = TARGET_LABEL[report.targetKind];
  const target = report.target;
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
          {capitalized(label)} reported for {reasonLabel(report.reason)}
        </h3>
        {report.openReportsOnTarget > 1 && (
          <Badge variant="danger">{report.openReportsOnTarget} open reports</Badge>
        )}
        {report.hidden && <Badge variant="outline">Hidden</Badge>}
        <span className="ml-auto text-xs text-subtle">
          by {shortAddress(report.reporterAddress)} ·{' '}
          <time dateTime={report.createdAt}>{formatRelativeTime(report.createdAt, now)}</time>
        </span>
      </div>
      {report.note && <p className="text-sm text-muted">Note: {report.note}</p>}
      <SnapshotView snapshot={report.snapshot} targetKind={report.targetKind} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-subtle">Wallet</dt>
          <dd className="font-mono break-all">{target.name ?? shortAddress(target.address)}</dd>
        </div>
        <div>
          <dt className="text-subtle">Joined</dt>
          <dd>{formatRelativeTime(target.accountCreatedAt, now)}</dd>
        </div>
        <div>
          <dt className="text-subtle">Trust</dt>
          <dd>{target.established ? 'Established' : 'Not established'}</dd>
        </div>
        <div>
          <dt className="text-subtle">Earlier reports</dt>
          <dd>
            {target.earlierReports} ({target.upheldReports} upheld)
          </dd>
        </div>
      </dl>
      {target.suspended && (
        <p className="text-xs text-danger">Suspended {formatEnd(target.suspendedUntil)}</p>
      )}
      {report.audit.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold text-muted">Audit log</h4>
          <ol className="mt-1 flex flex-col gap-0.5 text-xs text-muted">
            {report.audit.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>{' '}
                · {ACTION_TEXT[entry.action]}
                {entry.moderatorAddress ? ` by ${shortAddress(entry.moderatorAddress)}` : ''}:{' '}
                {entry.reason}
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <label htmlFor={ids.reason} className="text-xs font-medium">
          Reason (written to the audit log)
        </label>
        <input
          id={ids.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          className={inputClass}
          placeholder="Why this decision?"
        />
        <div className="flex flex-wrap items-center gap-2">
          <BusyButton
            variant="secondary"
            size="sm"
            busy={decide.isPending && decide.variables.body.action === 'dismiss'}
            busyLabel="Dismissing..."
            disabled={!ready}
            icon={<Check aria-hidden="true" />}
            onClick={() => act('dismiss')}
          >
            Dismiss
          </BusyButton>
          <BusyButton
            variant="danger"
            size="sm"
            busy={decide.isPending && decide.variables.body.action === 'remove'}
            busyLabel="Removing..."
            disabled={!ready}
            icon={<Trash2 aria-hidden="true" />}
            onClick={() => act('remove')}
          >
            {/* A wallet's own content is its profile: removing it clears the name, picture and bio. */}
            {report.targetKind === 'wallet' ? 'Clear profile' : 'Remove content'}
          </BusyButton>
          <span className="flex items-center gap-1.5 sm:ml-auto">
            <label htmlFor={ids.duration} className="sr-only">
              Suspension length
            </label>
            <select
              id={ids.duration}
              value={duration}
              onChange={(event) => setDuration(event.target.value as typeof duration)}
              className="rounded-lg border border-border bg-surface-2 px-2 py-1.5 text-sm"
            >
              {DURATIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <BusyButton
              variant="danger"
              size="sm"
              busy={decide.isPending && decide.variables.body.action === 'suspend'}
              busyLabel="Suspending..."
              disabled={!ready}
              icon={<Ban aria-hidden="true" />}
              onClick={() => act('suspend')}
            >
              Suspend wallet
            </BusyButton>
          </span>
        </div>
      </div>
    </li>
  );
}

function SuspensionItem({ suspension }: { suspension: Suspension }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const lift = useLiftSuspension();
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface/80 p-4 text-sm">
      <p>
        <span className="font-semibold">{suspension.name ?? shortAddress(suspension.address)}</span>{' '}
        <span className="text-muted">
          suspended {formatEnd(suspension.endsAt)}: {suspension.reason}
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className="text-xs font-medium">
            Reason for lifting
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
          busyLabel="Lifting..."
          disabled={reason.trim().length === 0 || lift.isPending}
          icon={<ShieldCheck aria-hidden="true" />}
          onClick={() => lift.mutate({ address: suspension.address, reason: reason.trim() })}
        >
          Lift suspension
        </BusyButton>
      </div>
    </li>
  );
}
