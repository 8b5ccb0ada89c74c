import { z } from 'zod';
import {
  CAPSULE_SCOPES,
  MYSTERY_OPEN_REASONS,
  MYSTERY_SCOPES,
  MYSTERY_STATES,
} from './capsule-mystery-limits.ts';
import { feedItemSchema, postAuthorSchema } from './feed.ts';

/**
 * Mystery vaults and time capsules (docs/api.md "Mystery vaults" and "Time capsules"); the
 * limits are in capsule-mystery-limits.ts. Nothing hidden (a mystery's body, media and target; a
 * sealed capsule's text and media) is in any response, event or media URL before it opens,
 * except to its own creator.
 */
export * from './capsule-mystery-limits.ts';

const lamports = z.string().regex(/^\d+$/);
const mediaUrl = z.string().max(2048);

/** POST /api/mystery-vaults */
export const createMysteryRequestSchema = z
  .object({
    title: z.string().max(20_000),
    teaser: z.string().max(20_000),
    body: z.string().max(20_000),
    imageUrl: mediaUrl.nullish(),
    audioUrl: mediaUrl.nullish(),
    /** The hidden target in SOL, a decimal string (the shared SOL parser, like a vault's). */
    targetAmount: z.string().max(64),
    durationSeconds: z.number().int(),
  })
  .strict();
export type CreateMysteryRequest = z.infer<typeof createMysteryRequestSchema>;

/** POST /api/mystery-vaults/{id}/join: a confirmed SOL transfer to the creator, like a support. */
export const joinMysteryRequestSchema = z
  .object({
    transactionSignature: z.string().max(128),
    /** SOL, a decimal string (at least the vault support's minimum). */
    amount: z.string().max(64),
  })
  .strict();
export type JoinMysteryRequest = z.infer<typeof joinMysteryRequestSchema>;

/**
 * A mystery vault. While `state` is open, `body`, `imageUrl`, `audioUrl`, `targetAmount` and
 * `totalAmount` are null for everyone but the creator; once opened they are everyone's.
 */
export const mysteryVaultSchema = z.object({
  id: z.string(),
  title: z.string(),
  teaser: z.string(),
  creator: postAuthorSchema.extend({ solAddress: z.string() }),
  state: z.enum(MYSTERY_STATES),
  createdAt: z.string(),
  /** When the timer ends (it may open earlier, when the target is reached). */
  endsAt: z.string(),
  openedAt: z.string().nullable(),
  openReason: z.enum(MYSTERY_OPEN_REASONS).nullable(),
  participantCount: z.number().int().nonnegative(),
  /** Lamports; hidden (null) while open, except to the creator. */
  targetAmount: lamports.nullable(),
  totalAmount: lamports.nullable(),
  body: z.string().nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** The signed-in viewer's own contribution in lamports ('0' when none; null signed out). */
  myContribution: lamports.nullable(),
  isCreator: z.boolean(),
});
export type MysteryVault = z.infer<typeof mysteryVaultSchema>;

/** GET /api/mystery-vaults?scope=open|opened|mine&cursor= (open: soonest to end first). */
export const mysteryPageSchema = z.object({
  items: z.array(mysteryVaultSchema),
  nextCursor: z.string().nullable(),
});
export type MysteryPage = z.infer<typeof mysteryPageSchema>;

/** POST /api/mystery-vaults/{id}/join answers the vault as the joiner now sees it. */
export const joinMysteryResponseSchema = z.object({
  vault: mysteryVaultSchema,
  /** Lamports this join added. */
  amount: lamports,
});

/** POST /api/time-capsules/{id}/notify (signed in): on; DELETE the same path: off. */
export const capsuleNotifyResponseSchema = z.object({
  notifying: z.boolean(),
  waitingCount: z.number().int().nonnegative(),
});

/** GET /api/time-capsules?scope=soon|opened|mine&cursor= : capsule posts, the feed's item shape. */
export const capsulePageSchema = z.object({
  items: z.array(feedItemSchema),
  nextCursor: z.string().nullable(),
});
export const capsuleScopeSchema = z.enum(CAPSULE_SCOPES);
export const mysteryScopeSchema = z.enum(MYSTERY_SCOPES);
