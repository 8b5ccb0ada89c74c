import type { ReportReason, ReportStatus, ReportTargetKind } from '@dum/core';

/** The report reasons as the dialog and the queue say them (core's REPORT_REASONS, in order). */
export const REASONS: ReadonlyArray<{ value: ReportReason; label: string; hint: string }> = [
  { value: 'spam', label: 'Spam', hint: 'Repeated, unwanted or misleading posts' },
  { value: 'harassment', label: 'Harassment', hint: 'Abuse, threats or targeting someone' },
  { value: 'illegal', label: 'Illegal content', hint: 'Content that breaks the law' },
  {
    value: 'scam',
    label: 'Scam or phishing',
    hint: 'Fake giveaways, stolen links, wallet drainers',
  },
  { value: 'other', label: 'Other', hint: 'Tell us what is wrong' },
];

export function reasonLabel(reason: ReportReason): string {
  return REASONS.find((r) => r.value === reason)?.label ?? reason;
}

export const TARGET_LABEL: Record<ReportTargetKind, string> = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  mystery: 'mystery vault',
  wallet: 'wallet',
};

export const STATUS_LABEL: Record<ReportStatus, string> = {
  open: 'Waiting for review',
  dismissed: 'Dismissed: no action taken',
  removed: 'Content removed',
  suspended: 'Account suspended',
};

/** A suspension's end as the banner and the queue say it. */
export function formatEnd(endsAt: string | null): string {
  if (endsAt === null) return 'until a moderator lifts it';
  return `until ${new Date(endsAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })}`;
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
