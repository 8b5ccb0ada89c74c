import {
  AppError,
  isEstablished,
  TRUST_WEIGHT_FULL,
  type AuditEntry,
  type DecideReportRequest,
  type EstablishedRule,
  type ModerationQueue,
  type ModerationStatus,
  type QueueReport,
  type Report,
  type ReportStatus,
} from '@dum/core';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import { parsePositiveId } from '../../http/validate.ts';
import type { Tx } from '../emissions/index.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import { removeMediaFiles, type MediaStore } from '../media/index.ts';
import type { TrustPolicy } from '../trust/index.ts';
import type { ContentOwners } from './owners.ts';
import { suspensionOf, suspensionsChanged } from './suspensions.ts';
import {
  activeSuspension,
  activeSuspensions,
  appendAudit,
  auditOf,
  decideOpenReports,
  insertRestriction,
  liftRestrictions,
  openReports,
  openReportsOnTarget,
  reportById,
  reportsBy,
  targetFacts,
  walletWeight,
  userIdOf,
  type ReportRow,
} from './repo.ts';
import {
  endedSuspensionHides,
  hiddenMysteryIds,
  hiddenPostIds,
  hideMysteries,
  hidePosts,
  mysteriesOf,
  mysteryIs,
  postIs,
  postsOf,
  unhideMysteries,
  unhidePosts,
} from './hides.ts';

export interface ModerationDeps {
  db: Db;
  /** The same database for plain SQL (trust's reads, the suspension check). */
  pool: pg.Pool;
  bus: Pick<EventBus, 'publish'>;
  clock: { now(): Date };
  logger: { error(details: object, message: string): void };
  media: MediaStore;
  /** MODERATOR_WALLETS */
  moderators: ReadonlySet<string>;
  /**
   * MODERATION_AUTO_HIDE_REPORTS: how many fully trusted reporters' weight hides content at
   * once (reports weigh their reporters' trust, so more wallets trusted less do too).
   */
  autoHideReports: number;
  /** MODERATION_HOLD_REPORTS: the same for stopping a wallet's earning. */
  holdReports: number;
  /** The rule the queue shows a target wallet's standing by. */
  established: EstablishedRule;
  /** How reporters' trust is read (modules/trust). */
  trust: TrustPolicy;
  /** What moderation changes in other slices' rows, by their owners. */
  owners: ContentOwners;
}

export interface Viewer {
  id: string;
  solAddress: string;
}

const MY_REPORTS_LIMIT = 100;
const QUEUE_LIMIT = 200;
const POSITIVE_ID = /^[1-9]\d{0,18}$/;

export function parseContentId(value: string): bigint {
  const id = parsePositiveId(value);
  if (id === null) throw new AppError('report_target_not_found');
  return id;
}

export function isModerator(deps: Pick<ModerationDeps, 'moderators'>, viewer: Viewer): boolean {
  return deps.moderators.has(viewer.solAddress);
}

export function requireModerator(deps: Pick<ModerationDeps, 'moderators'>, viewer: Viewer): void {
  if (!isModerator(deps, viewer)) throw new AppError('not_moderator');
}

export function reportOf(row: ReportRow): Report {
  return {
    id: row.id,
    targetKind: row.target_kind,
    targetId: row.target_id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    snapshot: row.snapshot,
  };
}

export async function myReports(deps: ModerationDeps, viewer: Viewer): Promise<Report[]> {
  return (await reportsBy(deps.db, viewer.id, MY_REPORTS_LIMIT)).map(reportOf);
}

/** A report for its reporter or a moderator; anyone else is told it does not exist. */
export async function getReport(deps: ModerationDeps, viewer: Viewer, id: string): Promise<Report> {
  if (!POSITIVE_ID.test(id)) throw new AppError('report_not_found');
  const row = await reportById(deps.db, BigInt(id));
  if (!row || (row.reporter_id !== viewer.id && !isModerator(deps, viewer))) {
    throw new AppError('report_not_found');
  }
  return reportOf(row);
}

function auditEntryOf(row: Awaited<ReturnType<typeof auditOf>>[number]): AuditEntry {
  const entry: AuditEntry = {
    id: row.id,
    action: row.action,
    moderatorAddress: row.moderator_address,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (row.action === 'suspend') entry.endsAt = row.details.endsAt ?? null;
  return entry;
}

/**
 * The moderators' queue: open reports by their reporters' weight, then severity, then age,
 * with history and audit.
 */
export async function moderationQueue(
  deps: ModerationDeps,
  viewer: Viewer,
): Promise<ModerationQueue> {
  requireModerator(deps, viewer);
  const now = deps.clock.now();
  const rows = await openReports(deps.db, QUEUE_LIMIT);
  const idsOf = (kind: 'post' | 'mystery') =>
    rows.flatMap((row) => (row.target_kind === kind ? [BigInt(row.target_id)] : []));
  const hiddenPosts = await hiddenPostIds(deps.db, idsOf('post'));
  const hiddenMysteries = await hiddenMysteryIds(deps.db, idsOf('mystery'));
  const isHidden = (row: ReportRow) =>
    (row.target_kind === 'post' && hiddenPosts.has(row.target_id)) ||
    (row.target_kind === 'mystery' && hiddenMysteries.has(row.target_id));
  const reports: QueueReport[] = [];
  for (const row of rows) {
    const facts = await targetFacts(deps.db, row.target_user_id, new Date(row.created_at));
    if (!facts) continue;
    const suspension = await activeSuspension(deps.db, row.target_user_id, now);
    reports.push({
      ...reportOf(row),
      reporterAddress: row.reporter_address,
      openReportsOnTarget: await openReportsOnTarget(deps.db, row.target_kind, row.target_id),
      hidden: isHidden(row) || suspension !== null,
      target: {
        address: facts.address,
        name: facts.name,
        accountCreatedAt: new Date(facts.created_at).toISOString(),
        established: isEstablished(
          {
            solAddress: facts.address,
            createdAt: new Date(facts.created_at),
            firstPostAt: facts.first_post_at ? new Date(facts.first_post_at) : null,
            vouchedAt: facts.vouched_at ? new Date(facts.vouched_at) : null,
          },
          deps.established,
          now,
        ),
        earlierReports: facts.earlier_reports,
        upheldReports: facts.upheld_reports,
        suspended: suspension !== null,
        suspendedUntil: suspension?.ends_at ? new Date(suspension.ends_at).toISOString() : null,
      },
      audit: (
        await auditOf(deps.db, {
          reportId: row.id,
          kind: row.target_kind,
          targetId: row.target_id,
          targetUserId: row.target_user_id,
        })
      ).map(auditEntryOf),
    });
  }
  const suspensions = (await activeSuspensions(deps.db, now)).map((row) => ({
    address: row.address,
    name: row.name,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
  }));
  return { reports, suspensions };
}

const DECIDED_STATUS: Record<DecideReportRequest['action'], Exclude<ReportStatus, 'open'>> = {
  dismiss: 'dismissed',
  remove: 'removed',
  suspend: 'suspended',
};

/**
 * A moderator's decision on a report, for every open report on the same target: dismiss (an
 * automatic hide ends), remove the content for everyone (media files too), or suspend its
 * wallet (hides its posts and mystery vaults, stops its writes and earning). Written to the
 * audit log; each reporter is notified.
 */
export async function decideReport(
  deps: ModerationDeps,
  moderator: Viewer,
  id: string,
  body: DecideReportRequest,
): Promise<Report> {
  requireModerator(deps, moderator);
  if (!POSITIVE_ID.test(id)) throw new AppError('report_not_found');
  const now = deps.clock.now();
  const endsAt = body.action === 'suspend' && body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt.getTime() <= now.getTime()) throw new AppError('invalid_suspension_end');

  const { decided, files } = await deps.db.transaction(async (tx) => {
    const report = await reportById(tx, BigInt(id), true);
    if (!report) throw new AppError('report_not_found');
    if (report.status !== 'open') throw new AppError('report_decided');
    const target = {
      kind: report.target_kind,
      targetId: report.target_id,
      targetUserId: report.target_user_id,
    };
    // Dismissed or suspended: an automatic hide ends (a suspension hides the wallet's posts
    // and mystery vaults again, as its own, below). First, so the suspension's hide is not
    // undone.
    if (body.action !== 'remove') await endAutomaticHide(deps, tx, report);
    let removedFiles: string[] = [];
    if (body.action === 'remove') {
      removedFiles = await removeContent(deps, tx, report);
    } else if (body.action === 'suspend') {
      await liftRestrictions(tx, { userId: report.target_user_id, kind: 'suspension', now });
      await insertRestriction(tx, {
        userId: report.target_user_id,
        kind: 'suspension',
        reason: body.reason,
        endsAt,
        now,
      });
      await hideAllOf(deps, tx, report.target_user_id, now);
    }
    await appendAudit(tx, {
      moderatorId: moderator.id,
      action: body.action,
      reportId: report.id,
      targetKind: target.kind,
      targetId: target.targetId,
      targetUserId: target.targetUserId,
      reason: body.reason,
      details: body.action === 'suspend' ? { endsAt: endsAt ? endsAt.toISOString() : null } : {},
      now,
    });
    const closed = await decideOpenReports(tx, {
      kind: target.kind,
      targetId: target.targetId,
      status: DECIDED_STATUS[body.action],
      now,
    });
    // The earning hold lasts while the open reports still weigh enough.
    const left = await walletWeight(tx, report.target_user_id);
    if (left.weightPpm < deps.holdReports * TRUST_WEIGHT_FULL) {
      await liftRestrictions(tx, { userId: report.target_user_id, kind: 'hold', now });
    }
    return { decided: closed, files: removedFiles };
  });
  if (body.action === 'suspend') await suspensionsChanged(deps, deps.logger);
  await removeMediaFiles(deps.media, files);
  for (const closed of decided) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: [closed.reporter_id] },
      {
        type: 'report_decided',
        data: { reportId: closed.id, status: DECIDED_STATUS[body.action] },
      },
    );
  }
  const row = await reportById(deps.db, BigInt(id));
  if (!row) throw new Error('the decided report is missing');
  return reportOf(row);
}

/** Ends the automatic hide of the reported post or mystery vault, if it had one. */
async function endAutomaticHide(deps: ModerationDeps, tx: Tx, report: ReportRow): Promise<void> {
  if (report.target_kind === 'post') {
    const where = postIs(BigInt(report.target_id));
    await unhidePosts(tx, deps.owners, { where, cause: 'auto_hide' });
  } else if (report.target_kind === 'mystery') {
    await unhideMysteries(tx, { where: mysteryIs(BigInt(report.target_id)), cause: 'auto_hide' });
  }
}

/** A suspension hides the wallet's posts and mystery vaults from every reader. */
async function hideAllOf(
  deps: Pick<ModerationDeps, 'owners'>,
  tx: Tx,
  userId: string,
  now: Date,
): Promise<void> {
  await hidePosts(tx, deps.owners, { where: postsOf(userId), cause: 'suspension', now });
  await hideMysteries(tx, { where: mysteriesOf(userId), cause: 'suspension', now });
}

/** Its end gives them back (what an automatic hide holds stays hidden, pending review). */
async function showAllOf(
  deps: Pick<ModerationDeps, 'owners'>,
  tx: Tx,
  userId: string,
): Promise<void> {
  await unhidePosts(tx, deps.owners, { where: postsOf(userId), cause: 'suspension' });
  await unhideMysteries(tx, { where: mysteriesOf(userId), cause: 'suspension' });
}

/** Removes the reported content for everyone; answers the media files to delete after commit. */
function removeContent(deps: ModerationDeps, tx: Tx, report: ReportRow): Promise<string[]> {
  const { owners } = deps;
  switch (report.target_kind) {
    case 'post':
      return owners.removePost(tx, BigInt(report.target_id));
    case 'comment':
      return owners.removeComment(tx, BigInt(report.target_id));
    case 'message':
      return owners.removeDirectMessage(tx, BigInt(report.target_id));
    case 'mystery':
      return owners.removeMystery(tx, BigInt(report.target_id));
    case 'wallet':
      // A wallet's own content is its profile: its name, picture and bio go.
      return owners.clearProfile(tx, report.target_user_id);
  }
}

/**
 * Lifts a wallet's suspension now: its posts and mystery vaults come back, it may write and
 * earn again.
 */
export async function liftSuspension(
  deps: ModerationDeps,
  moderator: Viewer,
  address: string,
  reason: string,
): Promise<void> {
  requireModerator(deps, moderator);
  const now = deps.clock.now();
  const userId = await userIdOf(deps.db, address);
  if (!userId) throw new AppError('suspension_not_found');
  await deps.db.transaction(async (tx) => {
    const lifted = await liftRestrictions(tx, { userId, kind: 'suspension', now });
    if (lifted === 0) throw new AppError('suspension_not_found');
    await showAllOf(deps, tx, userId);
    await appendAudit(tx, {
      moderatorId: moderator.id,
      action: 'lift',
      reportId: null,
      targetKind: 'wallet',
      targetId: userId,
      targetUserId: userId,
      reason,
      now,
    });
  });
  await suspensionsChanged(deps, deps.logger);
}

/** GET /api/moderation/me */
export async function moderationStatus(
  deps: ModerationDeps,
  viewer: Viewer,
): Promise<ModerationStatus> {
  const suspension = await activeSuspension(deps.db, viewer.id, deps.clock.now());
  return {
    moderator: isModerator(deps, viewer),
    suspension: suspension
      ? {
          endsAt: suspension.ends_at ? new Date(suspension.ends_at).toISOString() : null,
          reason: suspension.reason,
        }
      : null,
  };
}

/**
 * The one check every write a suspended wallet may not make goes through: each such write
 * service calls it before it reads or writes anything else (whatever route, blink or retry
 * reaches it), and the routes that opt in with `config.refusedWhenSuspended` get it from a hook
 * (routes.ts). Answered from the instance's suspension set (suspensions.ts: no round trip; a
 * suspension or its lifting holds at once on the instance that made it, on the others when
 * the bus tells them). 403 `account_suspended`, with the suspension's end.
 */
export async function assertNotSuspended(
  deps: { pool: Queryable; clock: Pick<Clock, 'now'> },
  userId: string,
): Promise<void> {
  const suspension = await suspensionOf(deps, userId);
  if (!suspension) return;
  throw new AppError('account_suspended', {
    details: { endsAt: suspension.endsAt ? suspension.endsAt.toISOString() : null },
  });
}

/**
 * Gives back the posts and mystery vaults of wallets whose suspension ended by time (the
 * periodic job).
 */
export async function restoreEndedSuspensions(
  deps: Pick<ModerationDeps, 'db' | 'clock' | 'owners'>,
): Promise<number> {
  const users = await endedSuspensionHides(deps.db, deps.clock.now());
  for (const userId of users) {
    await deps.db.transaction((tx) => showAllOf(deps, tx, userId));
  }
  return users.length;
}
