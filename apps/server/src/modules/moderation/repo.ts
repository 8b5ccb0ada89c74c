import type { ReportReason, ReportSnapshot, ReportStatus, ReportTargetKind } from '@dum/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import type { Tx } from '../emissions/index.ts';

/** Every SQL statement of the moderation slice. */

export type Q = Pick<Tx, 'execute'>;

/**
 * A target as found when reported: whose it is, the post it freezes, its content. targets.ts
 * finds it and insertReport stores it; it is declared here, beside the SQL, so that targets.ts
 * imports this file and never the other way (no circle, type imports included).
 */
export interface FoundTarget {
  targetId: string;
  ownerId: string;
  postId: bigint | null;
  snapshot: ReportSnapshot;
  /** Its stored media names (a direct message's are copied with it). */
  mediaKeys: string[];
}

/** Who a row belongs to, as reports and the queue name a wallet. */
export const OWNER = sql`u.sol_address as address, coalesce(u.display_name, u.username) as name`;

export async function userIdOf(db: Q, address: string): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from users where sol_address = ${address}`,
  );
  return rows[0]?.id ?? null;
}

/** Files the report; null when the reporter has an open report on this target already. */
export async function insertReport(
  tx: Q,
  args: {
    reporterId: string;
    targetKind: ReportTargetKind;
    target: FoundTarget;
    reason: ReportReason;
    note: string | null;
    /** The reporter's trust weight now, in parts per million. */
    weightPpm: number;
    now: Date;
  },
): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`insert into reports (reporter_id, target_kind, target_id, target_user_id, post_id, reason,
          note, snapshot, reporter_weight_ppm, created_at)
        values (${args.reporterId}, ${args.targetKind}, ${args.target.targetId},
          ${args.target.ownerId}, ${args.target.postId}, ${args.reason}, ${args.note},
          ${JSON.stringify(args.target.snapshot)}::jsonb, ${args.weightPpm}, ${args.now})
        on conflict (reporter_id, target_kind, target_id) where status = 'open' do nothing
        returning id::text as id`,
  );
  return rows[0]?.id ?? null;
}

/**
 * Reports on one wallet or its content, one at a time (a transaction-scoped advisory lock on
 * the owner): the automatic hide and the earning hold sum the reports committed before them,
 * so concurrent reports must not each see less than there is and together pass the threshold
 * with nothing hidden or held.
 */
export async function lockReportsOn(tx: Q, ownerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`dum:reports-on:${ownerId}`}, 0))`,
  );
}

/** What the open reports on something weigh: their reporters' summed trust, and how many. */
export interface ReportWeight {
  /** Parts per million: 1,000,000 is one fully trusted wallet. */
  weightPpm: number;
  /** Distinct reporters with any weight. */
  reporters: number;
}

/**
 * Sums each distinct reporter once, at the heaviest weight among its open reports here (one
 * reporter may have reported several things of one wallet). Reports that weigh nothing are
 * not counted as reporters either.
 */
async function weightOf(tx: Q, where: SQL): Promise<ReportWeight> {
  const { rows } = await tx.execute<{ weight: string; reporters: number }>(
    sql`select coalesce(sum(w), 0)::text as weight, count(*)::int as reporters from (
          select max(reporter_weight_ppm) as w from reports
          where ${where} and status = 'open' and reporter_weight_ppm > 0
          group by reporter_id) per_reporter`,
  );
  const row = rows[0];
  return { weightPpm: Number(row?.weight ?? 0), reporters: row?.reporters ?? 0 };
}

/** The open reports on this target. */
export function targetWeight(
  tx: Q,
  kind: ReportTargetKind,
  targetId: string,
): Promise<ReportWeight> {
  return weightOf(tx, sql`target_kind = ${kind} and target_id = ${targetId}`);
}

/** The open reports on anything of this wallet's (or on it). */
export function walletWeight(tx: Q, userId: string): Promise<ReportWeight> {
  return weightOf(tx, sql`target_user_id = ${userId}`);
}

/** Appends a line to the audit log (the only statement that touches it). */
export async function appendAudit(
  tx: Q,
  args: {
    moderatorId: string | null;
    action: 'dismiss' | 'remove' | 'suspend' | 'lift' | 'auto_hide' | 'hold';
    reportId: string | null;
    targetKind: ReportTargetKind;
    targetId: string;
    targetUserId: string;
    reason: string;
    details?: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into moderation_actions (moderator_id, action, report_id, target_kind, target_id,
          target_user_id, reason, details, created_at)
        values (${args.moderatorId}, ${args.action}, ${args.reportId}, ${args.targetKind},
          ${args.targetId}, ${args.targetUserId}, ${args.reason},
          ${JSON.stringify(args.details ?? {})}::jsonb, ${args.now})`,
  );
}

export interface ReportRow extends Record<string, unknown> {
  id: string;
  reporter_id: string;
  reporter_address: string;
  target_kind: ReportTargetKind;
  target_id: string;
  target_user_id: string;
  post_id: string | null;
  reason: ReportReason;
  note: string | null;
  snapshot: ReportSnapshot;
  status: ReportStatus;
  created_at: Date;
  decided_at: Date | null;
}

const REPORT_COLUMNS = sql`r.id::text as id, r.reporter_id, ru.sol_address as reporter_address,
  r.target_kind, r.target_id, r.target_user_id, r.post_id::text as post_id, r.reason, r.note,
  r.snapshot, r.status, r.created_at, r.decided_at`;

export async function reportById(db: Q, id: bigint, lock = false): Promise<ReportRow | null> {
  const { rows } = await db.execute<ReportRow>(
    sql`select ${REPORT_COLUMNS} from reports r join users ru on ru.id = r.reporter_id
        where r.id = ${id} ${lock ? sql`for update of r` : sql``}`,
  );
  return rows[0] ?? null;
}

/** The reporter's latest reports, newest first. */
export async function reportsBy(db: Q, reporterId: string, limit: number): Promise<ReportRow[]> {
  const { rows } = await db.execute<ReportRow>(
    sql`select ${REPORT_COLUMNS} from reports r join users ru on ru.id = r.reporter_id
        where r.reporter_id = ${reporterId}
        order by r.created_at desc, r.id desc limit ${limit}`,
  );
  return rows;
}

/**
 * The open reports: the heaviest reporter first (so wallets nobody trusts cannot fill the top
 * of the queue, whatever reason they pick), then the most severe reason, then the oldest.
 */
export async function openReports(db: Q, limit: number): Promise<ReportRow[]> {
  const { rows } = await db.execute<ReportRow>(
    sql`select ${REPORT_COLUMNS} from reports r join users ru on ru.id = r.reporter_id
        where r.status = 'open'
        order by r.reporter_weight_ppm desc, case r.reason when 'illegal' then 4 when 'scam' then 3 when 'harassment' then 2
            else 1 end desc, r.created_at, r.id
        limit ${limit}`,
  );
  return rows;
}

/** Closes every open report on a target; answers the reports closed with their reporters. */
export async function decideOpenReports(
  tx: Q,
  args: { kind: ReportTargetKind; targetId: string; status: ReportStatus; now: Date },
): Promise<Array<{ id: string; reporter_id: string }>> {
  const { rows } = await tx.execute<{ id: string; reporter_id: string }>(
    sql`update reports set status = ${args.status}, decided_at = ${args.now}
        where target_kind = ${args.kind} and target_id = ${args.targetId} and status = 'open'
        returning id::text as id, reporter_id`,
  );
  return rows;
}

export interface RestrictionRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  kind: 'suspension' | 'hold';
  reason: string;
  created_at: Date;
  ends_at: Date | null;
}

const ACTIVE = (now: Date): SQL => sql`lifted_at is null and (ends_at is null or ends_at > ${now})`;

/** The wallet's active suspension (the latest end, indefinite first), or null. */
export async function activeSuspension(
  db: Q,
  userId: string,
  now: Date,
): Promise<RestrictionRow | null> {
  const { rows } = await db.execute<RestrictionRow>(
    sql`select id::text as id, user_id, kind, reason, created_at, ends_at
        from wallet_restrictions
        where user_id = ${userId} and kind = 'suspension' and ${ACTIVE(now)}
        order by ends_at desc nulls first limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * Every wallet's active suspension, the latest end of each (null: indefinite): the set every
 * instance keeps in memory (suspensions.ts). One named statement, planned once per connection.
 */
export async function suspendedWallets(
  pool: Queryable,
  now: Date,
): Promise<Array<{ user_id: string; ends_at: Date | null }>> {
  const { rows } = await pool.query<{ user_id: string; ends_at: Date | null }>({
    name: 'moderation_active_suspensions',
    text: `select distinct on (user_id) user_id, ends_at from wallet_restrictions
      where kind = 'suspension' and lifted_at is null and (ends_at is null or ends_at > $1)
      order by user_id, ends_at desc nulls first`,
    values: [now],
  });
  return rows;
}

export async function hasActiveHold(tx: Q, userId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from wallet_restrictions
        where user_id = ${userId} and kind = 'hold' and ${ACTIVE(now)} limit 1`,
  );
  return rows.length > 0;
}

export async function insertRestriction(
  tx: Q,
  args: {
    userId: string;
    kind: 'suspension' | 'hold';
    reason: string;
    endsAt: Date | null;
    now: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into wallet_restrictions (user_id, kind, reason, created_at, ends_at)
        values (${args.userId}, ${args.kind}, ${args.reason}, ${args.now}, ${args.endsAt})`,
  );
}

/** Ends the wallet's active restrictions of this kind now; answers how many there were. */
export async function liftRestrictions(
  tx: Q,
  args: { userId: string; kind: 'suspension' | 'hold'; now: Date },
): Promise<number> {
  const { rows } = await tx.execute(
    sql`update wallet_restrictions set lifted_at = ${args.now}
        where user_id = ${args.userId} and kind = ${args.kind} and ${ACTIVE(args.now)}
        returning 1`,
  );
  return rows.length;
}

export async function activeSuspensions(
  db: Q,
  now: Date,
): Promise<Array<RestrictionRow & { address: string; name: string | null }>> {
  const { rows } = await db.execute<RestrictionRow & { address: string; name: string | null }>(
    sql`select s.id::text as id, s.user_id, s.kind, s.reason, s.created_at, s.ends_at, ${OWNER}
        from wallet_restrictions s join users u on u.id = s.user_id
        where s.kind = 'suspension' and s.lifted_at is null
          and (s.ends_at is null or s.ends_at > ${now})
        order by s.created_at desc limit 200`,
  );
  return rows;
}

export interface TargetFacts extends Record<string, unknown> {
  address: string;
  name: string | null;
  created_at: Date;
  first_post_at: Date | null;
  vouched_at: Date | null;
  earlier_reports: number;
  upheld_reports: number;
}

/** A target wallet's history for the queue: reports against it before `before`. */
export async function targetFacts(
  db: Q,
  userId: string,
  before: Date,
): Promise<TargetFacts | null> {
  const { rows } = await db.execute<TargetFacts>(
    sql`select ${OWNER}, u.created_at, w.first_post_at, w.vouched_at,
          (select count(*)::int from reports r
            where r.target_user_id = u.id and r.created_at < ${before}) as earlier_reports,
          (select count(*)::int from reports r where r.target_user_id = u.id
            and r.created_at < ${before} and r.status in ('removed', 'suspended')) as upheld_reports
        from users u left join wallet_standing w on w.user_id = u.id where u.id = ${userId}`,
  );
  return rows[0] ?? null;
}

export async function openReportsOnTarget(
  db: Q,
  kind: ReportTargetKind,
  targetId: string,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from reports
        where target_kind = ${kind} and target_id = ${targetId} and status = 'open'`,
  );
  return rows[0]?.n ?? 0;
}

export interface AuditRow extends Record<string, unknown> {
  id: string;
  action: 'dismiss' | 'remove' | 'suspend' | 'lift' | 'auto_hide' | 'hold';
  moderator_address: string | null;
  reason: string;
  details: { endsAt?: string | null };
  created_at: Date;
}

/** The audit lines about a report's target (its own and those of the same target or wallet). */
export async function auditOf(
  db: Q,
  args: { reportId: string; kind: ReportTargetKind; targetId: string; targetUserId: string },
): Promise<AuditRow[]> {
  const { rows } = await db.execute<AuditRow>(
    sql`select a.id::text as id, a.action, u.sol_address as moderator_address, a.reason,
          a.details, a.created_at
        from moderation_actions a left join users u on u.id = a.moderator_id
        where a.report_id = ${args.reportId}
          or (a.target_kind = ${args.kind} and a.target_id = ${args.targetId})
          or (a.target_user_id = ${args.targetUserId} and a.action in ('suspend', 'lift', 'hold'))
        order by a.created_at, a.id limit 100`,
  );
  return rows;
}

/**
 * The deletion job's freeze (modules/feed/expiry.ts): a post is kept while an open report holds
 * it, or while moderation hides it and its own expiry has not come. `post` is the SQL of the
 * post's id column.
 */
export function moderationKeeps(post: SQL, now: Date): SQL {
  return sql`(exists (select 1 from reports r where r.post_id = ${post} and r.status = 'open')
    or exists (select 1 from moderation_hidden_posts h where h.post_id = ${post}
      and (h.original_expires_at is null or h.original_expires_at > ${now})))`;
}

export type { Db };
