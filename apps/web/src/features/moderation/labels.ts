import type { ReportReason, ReportStatus, ReportTargetKind } from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDate } from '../../lib/i18n/index.ts';

/*
 * The moderation texts, read in the active language each time they are used. A target's name is
 * never slotted into a sentence: each sentence is whole per kind, as other languages give nouns
 * a gender the sentence agrees with.
 */

/** The report reasons as the dialog and the queue say them (core's REPORT_REASONS, in order). */
export function reasons(): ReadonlyArray<{ value: ReportReason; label: string; hint: string }> {
  return [
    { value: 'spam', label: t`Spam`, hint: t`Repeated, unwanted or misleading posts` },
    { value: 'harassment', label: t`Harassment`, hint: t`Abuse, threats or targeting someone` },
    { value: 'illegal', label: t`Illegal content`, hint: t`Content that breaks the law` },
    {
      value: 'scam',
      label: t`Scam or phishing`,
      hint: t`Fake giveaways, stolen links, wallet drainers`,
    },
    { value: 'other', label: t`Other`, hint: t`Tell us what is wrong` },
  ];
}

export function reasonLabel(reason: ReportReason): string {
  return reasons().find((r) => r.value === reason)?.label ?? reason;
}

/** The reported thing's name, as a line starts with it. */
export function targetName(kind: ReportTargetKind): string {
  switch (kind) {
    case 'post':
      return t({ message: 'Post', context: 'noun' });
    case 'comment':
      return t({ message: 'Comment', context: 'noun' });
    case 'message':
      return t`Message`;
    case 'mystery':
      return t`Mystery vault`;
    case 'wallet':
      return t`Wallet`;
  }
}

/** The report dialog's title. */
export function reportTitle(kind: ReportTargetKind): string {
  switch (kind) {
    case 'post':
      return t`Report this post`;
    case 'comment':
      return t`Report this comment`;
    case 'message':
      return t`Report this message`;
    case 'mystery':
      return t`Report this mystery vault`;
    case 'wallet':
      return t`Report this wallet`;
  }
}

/** A queued report's heading. */
export function reportedFor(kind: ReportTargetKind, reason: string): string {
  switch (kind) {
    case 'post':
      return t`Post reported for ${reason}`;
    case 'comment':
      return t`Comment reported for ${reason}`;
    case 'message':
      return t`Message reported for ${reason}`;
    case 'mystery':
      return t`Mystery vault reported for ${reason}`;
    case 'wallet':
      return t`Wallet reported for ${reason}`;
  }
}

export function statusLabel(status: ReportStatus): string {
  switch (status) {
    case 'open':
      return t`Waiting for review`;
    case 'dismissed':
      return t`Dismissed: no action taken`;
    case 'removed':
      return t`Content removed`;
    case 'suspended':
      return t`Account suspended`;
  }
}

/** A suspension's end as the banner and the queue say it. */
export function formatEnd(endsAt: string | null): string {
  if (endsAt === null) return t`until a moderator lifts it`;
  const date = formatDate(endsAt, { dateStyle: 'medium', timeStyle: 'short' });
  return t`until ${date}`;
}

/** An audit line after its time: "Removed the content by Ab12…Cd34: spam"; no "by" when automatic. */
export function auditLine(action: string, moderatorAddress: string | null, reason: string): string {
  if (moderatorAddress === null) return t`${action}: ${reason}`;
  const moderator = shortAddress(moderatorAddress);
  return t`${action} by ${moderator}: ${reason}`;
}

/** The accessible name of a reported image or audio, by what it was in. */
export function mediaLabel(media: 'image' | 'audio', kind: ReportTargetKind): string {
  if (media === 'image') {
    switch (kind) {
      case 'post':
        return t`Image in the reported post`;
      case 'comment':
        return t`Image in the reported comment`;
      case 'message':
        return t`Image in the reported message`;
      case 'mystery':
        return t`Image in the reported mystery vault`;
      case 'wallet':
        return t`Image in the reported profile`;
    }
  }
  switch (kind) {
    case 'post':
      return t`Audio in the reported post`;
    case 'comment':
      return t`Audio in the reported comment`;
    case 'message':
      return t`Audio in the reported message`;
    case 'mystery':
      return t`Audio in the reported mystery vault`;
    case 'wallet':
      return t`Audio in the reported profile`;
  }
}

export function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}
