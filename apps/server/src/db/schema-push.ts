import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Web Push (modules/push). Owned by the push slice.
// ---------------------------------------------------------------------------------------------

/**
 * The VAPID key pair every instance signs with, one row (id = 1), when the config gives none:
 * the first instance to start inserts a fresh pair with `on conflict do nothing` and every
 * instance then reads the row, so two racing agree on one pair and subscriptions made through
 * any instance stay valid.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey(),
    /** base64url, the uncompressed P-256 point (applicationServerKey). */
    publicKey: text('public_key').notNull(),
    /** base64url, the 32-byte private scalar. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('push_keys_single_row', sql`${t.id} = 1`)],
);

/** A device's push subscription (its browser's PushSubscription), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The sign-in session that subscribed the device: signing that session out removes the
     * device, so a shared browser stops showing the wallet's notifications.
     */
    sessionId: text('session_id'),
    /** The language its notifications are worded in (core's PUSH_LOCALES). */
    locale: text('locale').notNull().default('en'),
  },
  (t) => [
    index('push_subscriptions_user').on(t.userId),
    index('push_subscriptions_session').on(t.sessionId),
  ],
);

/** The kinds a wallet turned off (or on again): no row means on. */
export const pushSettings = pgTable(
  'push_settings',
  {
    userId: userRef('user_id'),
    /** core's PushKind. */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Notifications waiting to be sent (a durable queue): one row per event and subscription,
 * written when the event is published. Every instance drains it; a drain claims due rows with
 * FOR UPDATE SKIP LOCKED and moves their next_attempt_at past the send's timeout before it
 * sends, so no other instance takes them meanwhile; a sent row is deleted, a refused one (429,
 * 5xx, no answer) waits for its backoff, and a gone subscription (404, 410) is deleted with
 * its rows.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'bigint' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** core's PushPayload. */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampMs('next_attempt_at').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    index('push_deliveries_due').on(t.nextAttemptAt),
    index('push_deliveries_subscription').on(t.subscriptionId),
  ],
);
