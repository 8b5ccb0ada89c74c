import {
  AppError,
  PUSH_KINDS,
  PUSH_LOCALES,
  type PushKind,
  type PushLanguageRequest,
  type PushLocale,
  type PushPayload,
  type PushSettings,
  type PushSettingsRequest,
  type PushSubscriptionAnswer,
  type PushSubscriptionRequest,
  type RealtimeEvent,
} from '@dum/core';
import type pg from 'pg';
import type { PushConfig } from '../../config-push.ts';
import { checkEndpoint, type Resolve } from './endpoint-guard.ts';
import { notificationFor } from './notifications.ts';
import * as repo from './repo.ts';
import { generateVapidKeys } from './sender.ts';

export interface PushDeps {
  pool: pg.Pool;
  clock: { now(): Date };
  logger: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  config: PushConfig;
  /** Host name resolution for the endpoint guard (tests answer for names of their own). */
  resolve?: Resolve;
}

type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID pair: the config's, else the database's, made on first need. Every instance inserts
 * a fresh pair with `on conflict do nothing` and then reads the row, so racing instances agree.
 */
export async function loadVapidKeys(deps: PushDeps): Promise<VapidKeys> {
  if (deps.config.vapidKeys) return deps.config.vapidKeys;
  const stored = await repo.readVapidKeys(deps.pool);
  if (stored) return stored;
  await repo.insertVapidKeys(deps.pool, generateVapidKeys(), deps.clock.now());
  const kept = await repo.readVapidKeys(deps.pool);
  if (!kept) throw new Error('the VAPID key pair was not kept');
  return kept;
}

async function devices(deps: PushDeps, userId: string, subscribed: boolean) {
  return { subscribed, devices: await repo.countSubscriptions(deps.pool, userId) };
}

export async function subscribe(
  deps: PushDeps,
  user: { id: string; sessionId: string },
  body: PushSubscriptionRequest,
): Promise<PushSubscriptionAnswer> {
  const userId = user.id;
  const checked = await checkEndpoint(body.endpoint, deps.config, deps.resolve);
  if (!checked) throw new AppError('push_endpoint_refused');
  await repo.upsertSubscription(deps.pool, {
    userId,
    sessionId: user.sessionId,
    locale: body.locale ?? 'en',
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    now: deps.clock.now(),
  });
  return devices(deps, userId, true);
}

/**
 * A signed-out session's devices stop receiving the wallet's notifications: a browser someone
 * signed out of (a shared or lost device) shows nothing more of theirs.
 */
export async function forgetSessionDevices(deps: PushDeps, sessionId: string): Promise<void> {
  await repo.deleteSessionSubscriptions(deps.pool, sessionId);
}

/**
 * The language a device's notifications are worded in, for a device this wallet has: never a
 * subscription of its own (a device its session's sign-out removed stays removed).
 */
export async function setDeviceLanguage(
  deps: PushDeps,
  userId: string,
  body: PushLanguageRequest,
): Promise<PushSubscriptionAnswer> {
  const subscribed = await repo.setSubscriptionLocale(deps.pool, { userId, ...body });
  return devices(deps, userId, subscribed);
}

/** Idempotent: an endpoint this wallet never subscribed (or already removed) changes nothing. */
export async function unsubscribe(
  deps: PushDeps,
  userId: string,
  endpoint: string,
): Promise<PushSubscriptionAnswer> {
  await repo.deleteSubscription(deps.pool, { userId, endpoint });
  return devices(deps, userId, false);
}

export async function readPushSettings(deps: PushDeps, userId: string): Promise<PushSettings> {
  const [rows, count] = await Promise.all([
    repo.readSettings(deps.pool, userId),
    repo.countSubscriptions(deps.pool, userId),
  ]);
  const kinds = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])) as Record<
    PushKind,
    boolean
  >;
  for (const row of rows) {
    if ((PUSH_KINDS as readonly string[]).includes(row.kind)) {
      kinds[row.kind as PushKind] = row.enabled;
    }
  }
  return { kinds, devices: count };
}

export async function writePushSettings(
  deps: PushDeps,
  userId: string,
  body: PushSettingsRequest,
): Promise<PushSettings> {
  const changes = PUSH_KINDS.flatMap((kind): [PushKind, boolean][] => {
    const value = body.kinds[kind];
    return value === undefined ? [] : [[kind, value]];
  });
  await repo.writeSettings(deps.pool, userId, changes);
  return readPushSettings(deps, userId);
}

/**
 * Queues the notification an event makes for its audience's devices (those with its kind on);
 * answers how many were queued.
 */
export async function queueNotifications(
  deps: PushDeps,
  userIds: string[],
  event: RealtimeEvent,
  enqueue: (request: repo.DeliveryRequest) => Promise<number> = (request) =>
    repo.enqueueDeliveries(deps.pool, [request]),
): Promise<number> {
  if (userIds.length === 0) return 0;
  // The same notification in each language a device may have subscribed in; who it is for does
  // not depend on the language.
  const worded = PUSH_LOCALES.map((locale) => [locale, notificationFor(event, locale)] as const);
  const notification = worded[0]?.[1];
  if (!notification) return 0;
  const payloads = Object.fromEntries(
    worded.map(([locale, each]) => [locale, each?.payload ?? notification.payload]),
  ) as Record<PushLocale, PushPayload>;
  let recipients = userIds;
  if (notification.recipients.kind === 'vault_creator') {
    const { vaultId, except } = notification.recipients;
    const creator = await repo.readVaultCreator(deps.pool, vaultId);
    recipients = userIds.filter((id) => id === creator && id !== except);
    if (recipients.length === 0) return 0;
  }
  return enqueue({ userIds: recipients, payloads, now: deps.clock.now() });
}
