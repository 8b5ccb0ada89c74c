import type { PushKind, PushLocale, PushPayload } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';

/** The push slice's SQL (db/schema-push.ts). */

export async function readVapidKeys(
  db: Queryable,
): Promise<{ publicKey: string; privateKey: string } | null> {
  const { rows } = await db.query<{ public_key: string; private_key: string }>(
    'select public_key, private_key from push_keys where id = 1',
  );
  const row = rows[0];
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/** Keeps the pair unless one is there already (another instance won the race): then a no-op. */
export async function insertVapidKeys(
  db: Queryable,
  keys: { publicKey: string; privateKey: string },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into push_keys (id, public_key, private_key, created_at) values (1, $1, $2, $3)
      on conflict (id) do nothing`,
    [keys.publicKey, keys.privateKey, now],
  );
}

/** Devices one wallet may have subscribed; a new one past it replaces the oldest. */
export const MAX_DEVICES = 10;

/**
 * Subscribes a device. An endpoint is one browser profile's: subscribed again (new keys, or now
 * signed in with another wallet) it moves to the new keys and wallet.
 */
export async function upsertSubscription(
  db: Queryable,
  args: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    now: Date;
    sessionId: string;
    locale: PushLocale;
  },
): Promise<void> {
  await db.query(
    `insert into push_subscriptions
        (user_id, endpoint, p256dh, auth, created_at, session_id, locale)
      values ($1, $2, $3, $4, $5, $6, $7)
      on conflict (endpoint) do update set user_id = excluded.user_id,
        p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at,
        session_id = excluded.session_id, locale = excluded.locale`,
    [args.userId, args.endpoint, args.p256dh, args.auth, args.now, args.sessionId, args.locale],
  );
  await db.query(
    `delete from push_subscriptions where user_id = $1 and id not in (
      select id from push_subscriptions where user_id = $1 order by created_at desc, id desc
      limit $2)`,
    [args.userId, MAX_DEVICES],
  );
}

/** Sets the language of this wallet's device at `endpoint`; answers whether it has one there. */
export async function setSubscriptionLocale(
  db: Queryable,
  args: { userId: string; endpoint: string; locale: PushLocale },
): Promise<boolean> {
  const { rowCount } = await db.query(
    'update push_subscriptions set locale = $3 where user_id = $1 and endpoint = $2',
    [args.userId, args.endpoint, args.locale],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteSubscription(
  db: Queryable,
  args: { userId: string; endpoint: string },
): Promise<void> {
  await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [
    args.userId,
    args.endpoint,
  ]);
}

/** The devices a sign-in session subscribed (its sign-out removes them). */
export async function deleteSessionSubscriptions(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from push_subscriptions where session_id = $1', [sessionId]);
}

export async function countSubscriptions(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from push_subscriptions where user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The kinds this wallet set (off, or on again); the others are on. */
export async function readSettings(
  db: Queryable,
  userId: string,
): Promise<{ kind: string; enabled: boolean }[]> {
  const { rows } = await db.query<{ kind: string; enabled: boolean }>(
    'select kind, enabled from push_settings where user_id = $1',
    [userId],
  );
  return rows;
}

export async function writeSettings(
  db: Queryable,
  userId: string,
  kinds: [PushKind, boolean][],
): Promise<void> {
  if (kinds.length === 0) return;
  await db.query(
    `insert into push_settings (user_id, kind, enabled)
      select $1, kind, enabled from unnest($2::text[], $3::boolean[]) as k(kind, enabled)
      on conflict (user_id, kind) do update set enabled = excluded.enabled`,
    [userId, kinds.map(([kind]) => kind), kinds.map(([, enabled]) => enabled)],
  );
}

/**
 * A vault's creator, for a support's notification. A read of the vaults slice's table (only
 * writes cross a wall, decision 017): the event names the vault, not its creator.
 */
export async function readVaultCreator(db: Queryable, vaultId: string): Promise<string | null> {
  if (!/^\d{1,19}$/.test(vaultId)) return null;
  const { rows } = await db.query<{ creator_id: string }>(
    'select creator_id from vaults where id = $1',
    [vaultId],
  );
  return rows[0]?.creator_id ?? null;
}

/** One event's notification for some wallets, to queue: worded in each device's language. */
export interface DeliveryRequest {
  userIds: string[];
  payloads: Record<PushLocale, PushPayload>;
  now: Date;
}

/**
 * Queues, for each request, a notification for each device of its wallets that has its kind
 * on: many events' notifications in one statement. Answers how many were queued in all.
 */
export async function enqueueDeliveries(
  db: Queryable,
  requests: readonly DeliveryRequest[],
): Promise<number> {
  const rows = requests.flatMap((request) =>
    request.userIds.map((userId) => ({ userId, request })),
  );
  if (rows.length === 0) return 0;
  const { rowCount } = await db.query({
    name: 'push_enqueue_deliveries',
    text: `insert into push_deliveries (subscription_id, payload, next_attempt_at, created_at)
      select s.id, case s.locale when 'es' then e.payload_es else e.payload_en end, e.at, e.at
      from unnest($1::uuid[], $2::text[], $3::jsonb[], $5::jsonb[], $4::timestamptz[])
        as e(user_id, kind, payload_en, payload_es, at)
      join push_subscriptions s on s.user_id = e.user_id
      where not exists (select 1 from push_settings p
        where p.user_id = s.user_id and p.kind = e.kind and not p.enabled)`,
    values: [
      rows.map((row) => row.userId),
      rows.map((row) => row.request.payloads.en.kind),
      rows.map((row) => JSON.stringify(row.request.payloads.en)),
      rows.map((row) => row.request.now),
      rows.map((row) => JSON.stringify(row.request.payloads.es)),
    ],
  });
  return rowCount ?? 0;
}

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  payload: PushPayload;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims due deliveries for one send: locks them (SKIP LOCKED: another instance's drain takes
 * others), counts the attempt and moves next_attempt_at to `leaseUntil`, all in one statement,
 * so no other drain takes them while this one sends.
 */
export async function claimDueDeliveries(
  db: Queryable,
  args: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `with due as (
        select id from push_deliveries where next_attempt_at <= $1
        order by next_attempt_at, id limit $3 for update skip locked),
      claimed as (
        update push_deliveries d set next_attempt_at = $2, attempts = d.attempts + 1
        from due where d.id = due.id
        returning d.id, d.subscription_id, d.payload, d.attempts)
      select c.id::text as id, c.attempts, c.payload, s.id::text as subscription_id,
        s.endpoint, s.p256dh, s.auth
      from claimed c join push_subscriptions s on s.id = c.subscription_id`,
    [args.now, args.leaseUntil, args.limit],
  );
  return rows;
}

export async function deleteDelivery(db: Queryable, id: string): Promise<void> {
  await db.query('delete from push_deliveries where id = $1', [id]);
}

export async function retryDeliveryAt(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('update push_deliveries set next_attempt_at = $2 where id = $1', [id, at]);
}

/** A subscription its push service says is gone (404, 410): its queued deliveries go with it. */
export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}
