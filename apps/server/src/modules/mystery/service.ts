import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ChainClient } from '@dum/chain';
import {
  AppError,
  checkVaultAmount,
  MYSTERY_BODY_MAX_LENGTH,
  MYSTERY_MAX_DURATION_SECONDS,
  MYSTERY_MIN_DURATION_SECONDS,
  MYSTERY_PAGE_SIZE,
  MYSTERY_TEASER_MAX_LENGTH,
  MYSTERY_TITLE_MAX_LENGTH,
  VAULT_MAX_TARGET_LAMPORTS,
  type CreateMysteryRequest,
  type JoinMysteryRequest,
  type MysteryPage,
  type MysteryScope,
  type MysteryVault,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { SliceBaseDeps } from '../../context.ts';
import { inTransaction } from '../../db/prepared.ts';
import {
  cursorBigint,
  cursorTime,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';
import {
  announceAfterCommit,
  drainOutbox,
  enqueueEvent,
  type EventBus,
} from '../../realtime/index.ts';
import { pageOf } from '../../http/page.ts';
import { recordRewardedEvent, writeActivity, type EmissionSequencer } from '../emissions/index.ts';
import {
  attachUploadToMystery,
  claimUpload,
  mediaNameFromUrl,
  mediaUrlOf,
  type MediaAccessCheck,
} from '../media/index.ts';
import { purposeKey, settleIntent, signatureIsSpent, spendSignature } from '../payments/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import { isBlockedEitherWay } from '../people/index.ts';
import {
  checkSupportInput,
  transferRejectionError,
  verifySupportPayment,
} from '../vaults/index.ts';
import {
  insertMystery,
  lockMystery,
  openEndedBatch,
  readAudience,
  readJoin,
  readMediaMystery,
  readMinePage,
  readMystery,
  readOpenedPage,
  readOpenPage,
  recordJoin,
  type MysteryRow,
} from './repo.ts';

/** What the mystery vaults' logic needs; built once from the app context. */
export interface MysteryDeps extends SliceBaseDeps {
  bus: EventBus;
  chain: ChainClient;
  emissions: EmissionSequencer;
  appOrigin: string;
  vaultsEnabled: boolean;
}

export interface MysteryViewer {
  id: string;
  solAddress: string;
}

// ---- Presentation -----------------------------------------------------------------------------

/**
 * A mystery as this viewer may see it: while it is open, its body, media, target and total are
 * null for everyone but its creator (whose media URLs carry the media key, so their browser can
 * load the withheld files).
 */
export function presentMystery(row: MysteryRow, viewerId: string | null): MysteryVault {
  const opened = row.opened_at !== null;
  const isCreator = viewerId === row.creator_id;
  const revealed = opened || isCreator;
  const url = (key: string | null) => {
    if (!key) return null;
    const plain = mediaUrlOf(key);
    return opened ? plain : `${plain}?key=${encodeURIComponent(row.media_key)}`;
  };
  return {
    id: row.id,
    title: row.title,
    teaser: row.teaser,
    creator: {
      id: row.creator_id,
      avatarUrl: row.creator_avatar_url,
      displayName: row.creator_display_name,
      username: row.creator_username,
      isVerified: row.creator_is_verified,
      solAddress: row.creator_wallet,
    },
    state: opened ? 'opened' : 'open',
    createdAt: row.created_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    openedAt: row.opened_at ? row.opened_at.toISOString() : null,
    openReason: row.open_reason,
    participantCount: row.participant_count,
    targetAmount: revealed ? row.target : null,
    totalAmount: revealed ? row.total : null,
    body: revealed ? row.body : null,
    imageUrl: revealed ? url(row.image_key) : null,
    audioUrl: revealed ? url(row.audio_key) : null,
    myContribution: viewerId === null ? null : (row.my_contribution ?? '0'),
    isCreator,
  };
}

// ---- Create -----------------------------------------------------------------------------------

function textField(value: string, path: string, max: number, required: boolean): string {
  const text = value.trim();
  if (required && text === '') {
    throw new AppError('validation_failed', { details: [{ path, message: 'is required' }] });
  }
  if (Array.from(text).length > max) {
    throw new AppError('validation_failed', {
      details: [{ path, message: `must be at most ${max} characters` }],
    });
  }
  return text;
}

/**
 * POST /api/mystery-vaults. The creator's title, teaser, hidden body and optional media (their
 * own uploads, taken here), a hidden SOL target (the vault's rules: minimum, maximum) and a
 * timer of 1 hour to 7 days. Records the `vault_created` rewarded event (reference
 * `mystery:<id>`), sequenced before the answer.
 */
export async function createMystery(
  deps: MysteryDeps,
  viewer: MysteryViewer,
  input: CreateMysteryRequest,
): Promise<MysteryVault> {
  if (!deps.vaultsEnabled) throw new AppError('vaults_disabled');
  const title = textField(input.title, 'title', MYSTERY_TITLE_MAX_LENGTH, true);
  const teaser = textField(input.teaser, 'teaser', MYSTERY_TEASER_MAX_LENGTH, true);
  const body = textField(input.body, 'body', MYSTERY_BODY_MAX_LENGTH, false);
  const media = (url: string | null | undefined): string | null => {
    if (url === null || url === undefined || url === '') return null;
    const name = mediaNameFromUrl(url, deps.appOrigin);
    if (!name) throw new AppError('media_not_attachable');
    return name;
  };
  const image = media(input.imageUrl);
  const audio = media(input.audioUrl);
  if (body === '' && !image && !audio) {
    throw new AppError('validation_failed', {
      details: [{ path: 'body', message: 'A mystery needs something hidden inside' }],
    });
  }
  const target = checkVaultAmount(input.targetAmount.trim(), { max: VAULT_MAX_TARGET_LAMPORTS });
  if (!target.ok) {
    if (target.reason === 'below_minimum') throw new AppError('vault_amount_below_minimum');
    if (target.reason === 'above_maximum') throw new AppError('vault_target_too_large');
    throw new AppError('invalid_amount');
  }
  const duration = input.durationSeconds;
  if (duration < MYSTERY_MIN_DURATION_SECONDS || duration > MYSTERY_MAX_DURATION_SECONDS) {
    throw new AppError('invalid_mystery_duration');
  }

  const now = deps.clock.now();
  const id = await inTransaction(deps, async (client) => {
    const tx = drizzle(client);
    const imageId = image
      ? await claimUpload(tx, { storageKey: image, ownerId: viewer.id, type: 'image' })
      : null;
    const audioId = audio
      ? await claimUpload(tx, { storageKey: audio, ownerId: viewer.id, type: 'audio' })
      : null;
    const vaultId = await insertMystery(client, {
      creatorId: viewer.id,
      title,
      teaser,
      body,
      imageKey: image,
      audioKey: audio,
      mediaKey: randomBytes(24).toString('base64url'),
      target: target.lamports,
      createdAt: now,
      endsAt: new Date(now.getTime() + duration * 1000),
    });
    if (imageId) await attachUploadToMystery(tx, imageId, vaultId);
    if (audioId) await attachUploadToMystery(tx, audioId, vaultId);
    await recordRewardedEvent(
      client,
      { kind: 'vault_created', actorId: viewer.id, reference: `mystery:${vaultId}` },
      now,
    );
    return vaultId;
  });
  await deps.emissions.settle();
  const row = await readMystery(deps.pool, id, viewer.id);
  if (!row) throw new AppError('mystery_vault_not_found');
  return presentMystery(row, viewer.id);
}

// ---- Join -------------------------------------------------------------------------------------

/**
 * POST /api/mystery-vaults/{id}/join. The client has sent `amount` SOL from the caller's wallet
 * to the creator's and waited for it; verified as a vault support is (confirmed, succeeded,
 * top-level System transfer, this sender and recipient, exactly this amount, at least the
 * minimum, made after the vault), and its signature pays once (spent_transfer_signatures, shared
 * with supports and tips). Under the vault's row lock: the contribution, the exact total, and
 * opening (reason 'target') in the one join that reaches the target. The same call again
 * answers the same; the signature for anything else is 409. After commit:
 * `mystery_vault_joined` (and `mystery_vault_opened` when it opened) to the creator and
 * participants; `vault_supported` (reference `mystery-join:<signature>`) is rewarded.
 */
export async function joinMystery(
  deps: MysteryDeps,
  viewer: MysteryViewer,
  vaultId: bigint,
  input: JoinMysteryRequest,
): Promise<{ vault: MysteryVault; amount: string }> {
  await assertNotSuspended(deps, viewer.id);
  const { signature, amount } = checkSupportInput(input);
  if (!deps.vaultsEnabled) throw new AppError('vaults_disabled');
  const before = await readMystery(deps.pool, vaultId, viewer.id);
  if (!before) throw new AppError('mystery_vault_not_found');
  if (before.creator_id === viewer.id) throw new AppError('mystery_own_join');
  if (await isBlockedEitherWay(deps.db, viewer.id, before.creator_id)) {
    throw new AppError('blocked');
  }

  const checked = await verifySupportPayment(deps, {
    signature,
    purpose: { kind: 'mystery_join', vaultId },
    vault: before,
    amount,
    report: { by: 'payer', payer: viewer.solAddress },
  });
  const verified = checked.ok ? { ok: true as const } : checked;
  if (!verified.ok) {
    if (await signatureIsSpent(deps.pool, signature)) {
      return answerExisting(deps, viewer, vaultId, signature, amount);
    }
    throw new AppError(transferRejectionError(verified.reason));
  }

  const now = deps.clock.now();
  type Outcome =
    | {
        kind: 'joined';
        opened: boolean;
        creatorId: string;
        /** Who hears of the vault (read in the transaction, with the new join in it). */
        audience: string[];
      }
    | { kind: 'spent' }
    | { kind: 'gone' };
  const outcome = await inTransaction<Outcome>(deps, async (client) => {
    const locked = await lockMystery(client, vaultId);
    if (!locked) return { kind: 'gone' };
    const spent = await spendSignature(client, {
      signature,
      spentOn: 'mystery_join',
      purpose: purposeKey({ kind: 'mystery_join', vaultId }),
      now,
    });
    if (!spent) return { kind: 'spent' };
    // A vault whose timer has ended takes no more joins (the job opens it).
    if (locked.opened_at !== null || locked.ends_at.getTime() <= now.getTime()) {
      throw new AppError('mystery_vault_opened');
    }
    const joined = await recordJoin(client, {
      vaultId,
      userId: viewer.id,
      signature,
      amount,
      now,
    });
    await recordRewardedEvent(
      client,
      {
        kind: 'vault_supported',
        actorId: viewer.id,
        subjectOwnerId: locked.creator_id,
        reference: `mystery-join:${signature}`,
      },
      now,
    );
    const audience = await readAudience(client, vaultId);
    if (joined.opened) {
      await writeActivity(drizzle(client), now, {
        type: 'vault_unlocked',
        ...openedActivity(locked.creator_name, locked.title),
        userId: locked.creator_id,
        reference: `mystery:${vaultId}`,
      });
      // Through the outbox, in this transaction: the opening's news survives a crash after the
      // commit (drained below, after the joins' own news).
      await enqueueEvent(
        client,
        { kind: 'users', userIds: audience },
        {
          type: 'mystery_vault_opened',
          data: { vaultId: vaultId.toString(), title: locked.title, reason: 'target' },
        },
        now,
      );
    }
    return {
      kind: 'joined',
      opened: joined.opened,
      creatorId: locked.creator_id,
      audience,
    };
  });
  if (outcome.kind === 'gone') throw new AppError('mystery_vault_not_found');
  if (outcome.kind === 'spent') return answerExisting(deps, viewer, vaultId, signature, amount);

  if (checked.ok) await settleIntent(deps, checked.payment);
  await deps.emissions.settle();
  const { audience } = outcome;
  // The amount only to the joiner and the creator: the other participants would add up the
  // hidden total from it.
  const told = new Set([viewer.id, outcome.creatorId]);
  await announceAfterCommit(
    deps,
    { kind: 'users', userIds: [...told] },
    {
      type: 'mystery_vault_joined',
      data: { vaultId: vaultId.toString(), amount: amount.toString() },
    },
  );
  const others = audience.filter((id) => !told.has(id));
  if (others.length > 0) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: others },
      { type: 'mystery_vault_joined', data: { vaultId: vaultId.toString() } },
    );
  }
  if (outcome.opened) await drainOutbox(deps);
  const row = await readMystery(deps.pool, vaultId, viewer.id);
  if (!row) throw new AppError('mystery_vault_not_found');
  return { vault: presentMystery(row, viewer.id), amount: amount.toString() };
}

function openedActivity(creatorName: string, title: string) {
  return {
    message: `${creatorName}'s mystery vault “${title}” opened`,
    params: { kind: 'mystery_opened', name: creatorName, title } as const,
  };
}

/** A spent signature: the same answer for the same join, else 409 transaction_already_used. */
async function answerExisting(
  deps: MysteryDeps,
  viewer: MysteryViewer,
  vaultId: bigint,
  signature: string,
  amount: bigint,
): Promise<{ vault: MysteryVault; amount: string }> {
  const join = await readJoin(deps.pool, signature);
  const same =
    join !== null &&
    join.user_id === viewer.id &&
    join.vault_id === vaultId.toString() &&
    BigInt(join.amount) === amount;
  if (!same) throw new AppError('transaction_already_used');
  const row = await readMystery(deps.pool, vaultId, viewer.id);
  if (!row) throw new AppError('mystery_vault_not_found');
  return { vault: presentMystery(row, viewer.id), amount: amount.toString() };
}

// ---- Opening by timer -------------------------------------------------------------------------

/**
 * Opens every open mystery whose timer has ended, a batch per transaction. Safe on several
 * instances at once: each batch locks its rows with FOR UPDATE SKIP LOCKED and sets opened_at
 * in the same statement, so each vault opens in exactly one run (a join holding a row is
 * simply left for the next batch or run); its activity item and its `mystery_vault_opened`
 * (through the realtime outbox, published after the commit) are written in that transaction, so
 * a crash in between delays the news, never loses it.
 */
export async function openEndedMysteries(
  deps: MysteryDeps,
  now: Date,
  batchSize = 200,
): Promise<{ opened: number }> {
  let opened = 0;
  for (;;) {
    const batch = await inTransaction(deps, async (client) => {
      const rows = await openEndedBatch(client, { now, limit: batchSize });
      const tx = drizzle(client);
      for (const row of rows) {
        await writeActivity(tx, now, {
          type: 'vault_unlocked',
          ...openedActivity(row.creator_name, row.title),
          userId: row.creator_id,
          reference: `mystery:${row.id}`,
        });
        await enqueueEvent(
          client,
          { kind: 'users', userIds: await readAudience(client, BigInt(row.id)) },
          {
            type: 'mystery_vault_opened',
            data: { vaultId: row.id, title: row.title, reason: 'timer' },
          },
          now,
        );
      }
      return rows;
    });
    if (batch.length > 0) await drainOutbox(deps);
    opened += batch.length;
    if (batch.length < batchSize) return { opened };
  }
}

// ---- Reads ------------------------------------------------------------------------------------

export async function getMystery(
  deps: MysteryDeps,
  vaultId: bigint,
  viewerId: string | null,
): Promise<MysteryVault> {
  const row = await readMystery(deps.pool, vaultId, viewerId);
  if (!row) throw new AppError('mystery_vault_not_found');
  return presentMystery(row, viewerId);
}

/**
 * Keyset cursors (http/signed-cursor.ts), one scope per list so one list's cursor is a 400
 * `invalid_cursor` in another: open (ends_at, id), opened (opened_at, id), mine (id).
 */
function encodeCursor(scope: MysteryScope, at: Date | null, id: string): string {
  return encodeSignedCursor(`mystery:${scope}`, at ? { at: at.getTime(), id } : { id });
}

function decodeTimeCursor(scope: MysteryScope, cursor: string): { at: Date; id: bigint } {
  const fields = decodeSignedCursor(`mystery:${scope}`, cursor);
  return { at: cursorTime(fields.at), id: cursorBigint(fields.id) };
}

export async function listMysteries(
  deps: MysteryDeps,
  args: { scope: MysteryScope; cursor: string | undefined; viewerId: string | null },
): Promise<MysteryPage> {
  const limit = MYSTERY_PAGE_SIZE;
  const { scope, viewerId } = args;
  let rows: MysteryRow[];
  let cursorOf: (row: MysteryRow) => string;
  if (scope === 'mine') {
    if (!viewerId) throw new AppError('unauthorized');
    const after = args.cursor
      ? cursorBigint(decodeSignedCursor('mystery:mine', args.cursor).id)
      : null;
    rows = await readMinePage(deps.pool, { viewerId, after, limit: limit + 1 });
    cursorOf = (row) => encodeCursor(scope, null, row.id);
  } else {
    const after = args.cursor ? decodeTimeCursor(scope, args.cursor) : null;
    if (scope === 'open') {
      rows = await readOpenPage(deps.pool, { viewerId, after, limit: limit + 1 });
      cursorOf = (row) => encodeCursor(scope, row.ends_at, row.id);
    } else {
      rows = await readOpenedPage(deps.pool, { viewerId, after, limit: limit + 1 });
      cursorOf = (row) => encodeCursor(scope, row.opened_at, row.id);
    }
  }
  return pageOf(rows, limit, (row) => presentMystery(row, viewerId), cursorOf);
}

// ---- Media ------------------------------------------------------------------------------------

/**
 * GET /media/<name>: a mystery's files are 'hidden' (404) from everyone but the creator (their
 * bearer token or the media key in `?key=`) until it opens; everything else is not ours
 * ('public').
 */
export function mysteryMediaAccess(pool: pg.Pool): MediaAccessCheck {
  return async (args) => {
    const mystery = await readMediaMystery(pool, args.name);
    if (!mystery || mystery.opened) return 'public';
    if (args.viewerId === mystery.creator_id) return 'private';
    if (args.key && sameSecret(args.key, mystery.media_key)) return 'private';
    return 'hidden';
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
