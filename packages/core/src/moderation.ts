import { z } from 'zod';

/**
 * Moderation (docs/api.md "Moderation"): reports of posts, comments, direct messages, mystery
 * vaults and wallets; the moderators' queue and actions; suspensions.
 */

export const REPORT_TARGET_KINDS = ['post', 'comment', 'message', 'mystery', 'wallet'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the report dialog and the queue show them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  illegal: 'Illegal content',
  scam: 'Scam or phishing',
  other: 'Other',
};

/** The queue's order: the most severe reason first, then the oldest report. */
export const REPORT_SEVERITY: Record<ReportReason, number> = {
  illegal: 4,
  scam: 3,
  harassment: 2,
  spam: 1,
  other: 1,
};

export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;

export const REPORT_STATUSES = ['open', 'dismissed', 'removed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * POST /api/reports. `targetId`: a post, comment, message or mystery vault id, or a wallet
 * address.
 */
export const createReportRequestSchema = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.string().min(1).max(64),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
  })
  .strict()
  .refine((value) => value.reason !== 'other' || (value.note ?? '').length > 0, {
    message: 'tell us what is wrong (required with the reason other)',
    path: ['note'],
  });
export type CreateReportRequest = z.infer<typeof createReportRequestSchema>;

/** The reported content as it was when reported (a direct message copied whole). */
export const reportSnapshotSchema = z.object({
  body: z.string().nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The wallet whose content it is (or the reported wallet). */
  authorAddress: z.string(),
  authorName: z.string().nullable(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

/** A report as its reporter sees it. */
export const reportSchema = z.object({
  id: z.string(),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  snapshot: reportSnapshotSchema,
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = z.object({ items: z.array(reportSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

export const MODERATION_ACTIONS = [
  'dismiss',
  'remove',
  'suspend',
  'lift',
  'auto_hide',
  'hold',
] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/** One line of the audit log. `moderatorAddress` null: done automatically. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  moderatorAddress: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  /** A suspension's end (null: indefinite); absent for other actions. */
  endsAt: z.string().nullable().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A report in the moderators' queue: the report, its target's history and its audit log. */
export const queueReportSchema = reportSchema.extend({
  reporterAddress: z.string(),
  /** How many open reports the same target has (this one included). */
  openReportsOnTarget: z.number().int().nonnegative(),
  /** Whether the content is hidden now (automatic hide or a suspension). */
  hidden: z.boolean(),
  target: z.object({
    address: z.string(),
    name: z.string().nullable(),
    accountCreatedAt: z.string(),
    established: z.boolean(),
    /** Reports against the wallet before this one, decided or not. */
    earlierReports: z.number().int().nonnegative(),
    /** Of those, how many ended in a removal or a suspension. */
    upheldReports: z.number().int().nonnegative(),
    suspendedUntil: z.string().nullable(),
    suspended: z.boolean(),
  }),
  audit: z.array(auditEntrySchema),
});
export type QueueReport = z.infer<typeof queueReportSchema>;

export const suspensionSchema = z.object({
  address: z.string(),
  name: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  /** null: indefinite. */
  endsAt: z.string().nullable(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/** GET /api/moderation/queue: open reports by severity then age, and the active suspensions. */
export const moderationQueueSchema = z.object({
  reports: z.array(queueReportSchema),
  suspensions: z.array(suspensionSchema),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** POST /api/moderation/reports/{id}/decision. Suspend: `endsAt` null is indefinite. */
export const decideReportRequestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('dismiss'),
      reason: z.string().trim().min(1).max(MODERATION_REASON_MAX),
    })
    .strict(),
  z
    .object({
      action: z.literal('remove'),
      reason: z.string().trim().min(1).max(MODERATION_REASON_MAX),
    })
    .strict(),
  z
    .object({
      action: z.literal('suspend'),
      reason: z.string().trim().min(1).max(MODERATION_REASON_MAX),
      endsAt: z.iso.datetime().nullable(),
    })
    .strict(),
]);
export type DecideReportRequest = z.infer<typeof decideReportRequestSchema>;

/** POST /api/moderation/wallets/{address}/lift */
export const liftSuspensionRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(MODERATION_REASON_MAX) })
  .strict();
export type LiftSuspensionRequest = z.infer<typeof liftSuspensionRequestSchema>;

/** GET /api/moderation/me: whether the viewer moderates, and their suspension if any. */
export const moderationStatusSchema = z.object({
  moderator: z.boolean(),
  suspension: z.object({ endsAt: z.string().nullable(), reason: z.string() }).nullable(),
});
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;
