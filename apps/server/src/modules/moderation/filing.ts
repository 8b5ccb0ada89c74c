import { AppError, TRUST_WEIGHT_FULL, type CreateReportRequest, type Report } from '@dum/core';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../emissions/index.ts';
import { trustOfWallet } from '../trust/index.ts';
import { hideMysteries, hidePosts, mysteryIs, postIs } from './hides.ts';
import {
  appendAudit,
  hasActiveHold,
  insertReport,
  insertRestriction,
  lockReportsOn,
  reportById,
  targetWeight,
  walletWeight,
  type FoundTarget,
  type ReportWeight,
} from './repo.ts';
import { parseContentId, reportOf, type ModerationDeps, type Viewer } from './service.ts';
import { findComment, findMystery, findPost, findReceivedMessage, findWallet } from './targets.ts';

/** Filing a report, and the automatic hide and earning hold its weight may set off. */

async function findTarget(
  db: Db,
  body: CreateReportRequest,
  reporter: Viewer,
  now: Date,
): Promise<FoundTarget | null> {
  switch (body.targetKind) {
    case 'post':
      return findPost(db, { id: parseContentId(body.targetId), reporterId: reporter.id, now });
    case 'comment':
      return findComment(db, { id: parseContentId(body.targetId), reporterId: reporter.id, now });
    case 'message':
      return findReceivedMessage(db, parseContentId(body.targetId), reporter.id);
    case 'mystery':
      return findMystery(db, parseContentId(body.targetId));
    case 'wallet':
      return findWallet(db, body.targetId);
  }
}

/** A weight as a count of fully trusted wallets, for the audit log's reasons ("2.50"). */
function asWallets(weightPpm: number): string {
  return (weightPpm / TRUST_WEIGHT_FULL).toFixed(2);
}

function weighs(weight: ReportWeight, threshold: number): string {
  return `${weight.reporters} wallets weighing ${asWallets(weight.weightPpm)} trusted wallets (threshold ${threshold})`;
}

/**
 * Files a report (one open per reporter and target), weighing the reporter's trust now. The
 * target is found only as the reporter may see it (anything else is not found) and copied as
 * they see it now; a post or comment report freezes its post past its 24 hours until decided.
 * When the open reports on a post or mystery vault weigh
 * MODERATION_AUTO_HIDE_REPORTS fully trusted wallets, it is hidden at once; when those on a
 * wallet (its content or itself) weigh MODERATION_HOLD_REPORTS, it stops earning until they are
 * decided. A wallet nobody trusts weighs nothing, so free wallets made for the purpose can
 * neither hide nor demonetise anyone, however many.
 */
export async function createReport(
  deps: ModerationDeps,
  reporter: Viewer,
  body: CreateReportRequest,
): Promise<Report> {
  const now = deps.clock.now();
  const target = await findTarget(deps.db, body, reporter, now);
  if (!target) throw new AppError('report_target_not_found');
  if (target.ownerId === reporter.id) throw new AppError('report_own_content');
  const { weightPpm } = await trustOfWallet(deps.pool, deps.trust, reporter.id);

  const id = await deps.db.transaction(async (tx) => {
    await lockReportsOn(tx, target.ownerId);
    const reportId = await insertReport(tx, {
      reporterId: reporter.id,
      targetKind: body.targetKind,
      target,
      reason: body.reason,
      note: body.note && body.note.length > 0 ? body.note : null,
      weightPpm,
      now,
    });
    if (reportId === null) throw new AppError('report_duplicate');
    // Weighing nothing, it moves no sum across a threshold.
    if (weightPpm === 0) return reportId;
    const audit = {
      moderatorId: null,
      reportId,
      targetKind: body.targetKind,
      targetId: target.targetId,
      targetUserId: target.ownerId,
      now,
    };
    await hideWhenHeavy(tx, deps, { target, kind: body.targetKind, audit });
    await holdWhenHeavy(tx, deps, audit);
    return reportId;
  });
  const row = await reportById(deps.db, BigInt(id));
  if (!row) throw new Error('the report just filed is missing');
  return reportOf(row);
}

interface AuditBase {
  moderatorId: null;
  reportId: string;
  targetKind: CreateReportRequest['targetKind'];
  targetId: string;
  targetUserId: string;
  now: Date;
}

/**
 * The automatic hide of a reported post or mystery vault whose open reports weigh enough (a
 * comment, message or wallet report counts toward its wallet's hold only).
 */
async function hideWhenHeavy(
  tx: Tx,
  deps: ModerationDeps,
  args: { target: FoundTarget; kind: CreateReportRequest['targetKind']; audit: AuditBase },
): Promise<void> {
  const { target, kind, audit } = args;
  if (kind !== 'post' && kind !== 'mystery') return;
  const weight = await targetWeight(tx, kind, target.targetId);
  if (weight.weightPpm < deps.autoHideReports * TRUST_WEIGHT_FULL) return;
  const hide = { cause: 'auto_hide' as const, now: audit.now };
  const id = BigInt(target.targetId);
  const hidden =
    kind === 'post'
      ? await hidePosts(tx, deps.owners, { ...hide, where: postIs(id) })
      : await hideMysteries(tx, { ...hide, where: mysteryIs(id) });
  if (hidden === 0) return;
  await appendAudit(tx, {
    ...audit,
    action: 'auto_hide',
    reason: `Reported by ${weighs(weight, deps.autoHideReports)}: hidden pending review.`,
  });
}

/** The earning hold of a wallet whose open reports (on its content or on it) weigh enough. */
async function holdWhenHeavy(tx: Tx, deps: ModerationDeps, audit: AuditBase): Promise<void> {
  const userId = audit.targetUserId;
  const weight = await walletWeight(tx, userId);
  if (weight.weightPpm < deps.holdReports * TRUST_WEIGHT_FULL) return;
  if (await hasActiveHold(tx, userId, audit.now)) return;
  const reason = `Open reports from ${weighs(weight, deps.holdReports)}`;
  await insertRestriction(tx, {
    userId,
    kind: 'hold',
    reason: `${reason}.`,
    endsAt: null,
    now: audit.now,
  });
  await appendAudit(tx, {
    ...audit,
    action: 'hold',
    reason: `${reason}: no earning pending review.`,
  });
}
