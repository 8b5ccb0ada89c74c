import { checkEndpoint } from './endpoint-guard.ts';
import * as repo from './repo.ts';
import { sendPush, type SendOutcome } from './sender.ts';
import { loadVapidKeys, type PushDeps } from './service.ts';

/** Deliveries one drain claims at a time, sent in parallel. */
const DRAIN_BATCH = 50;
/** How long a push service has to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** A claimed row is left alone this long by other drains: well past the send's timeout. */
const LEASE_MS = 60_000;
/** Backoff after the first refused attempt; doubled each time, at most MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 3_600_000;
/** Attempts before a delivery is dropped (about a day of backoff). */
export const MAX_ATTEMPTS = 12;
/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 86_400;

export type Send = typeof sendPush;

export interface DrainResult {
  sent: number;
  retried: number;
  gone: number;
  dropped: number;
}

/** When a refused attempt is tried again: exponential, or the push service's Retry-After. */
export function nextAttemptAt(now: Date, attempts: number, retryAfterSeconds: number): Date {
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  const wait = Math.max(backoff, Math.min(retryAfterSeconds * 1000, MAX_BACKOFF_MS));
  return new Date(now.getTime() + wait);
}

type Verdict = 'sent' | 'retry' | 'gone' | 'drop';

function verdictOf(outcome: SendOutcome | null): Verdict {
  if (!outcome) return 'retry';
  const { status } = outcome;
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  // Any other refusal (400 bad request, 413 too large, 403 a key mismatch) will not get better.
  return 'drop';
}

/**
 * Sends what the queue holds that is due, a batch at a time, on any instance: each row is
 * claimed by one drain (repo.claimDueDeliveries), so an event reaches each device once even with
 * several instances draining. A sent row is deleted; 429, 5xx or no answer waits for its backoff;
 * 404 and 410 delete the subscription; other refusals, or too many attempts, drop the row.
 */
export async function drainDeliveries(deps: PushDeps, send: Send = sendPush): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, gone: 0, dropped: 0 };
  const vapid = { subject: deps.config.subject, ...(await loadVapidKeys(deps)) };
  for (;;) {
    const now = deps.clock.now();
    const batch = await repo.claimDueDeliveries(deps.pool, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: DRAIN_BATCH,
    });
    await Promise.all(
      batch.map(async (delivery) => {
        const outcome = await attempt(deps, send, delivery, vapid);
        const verdict = verdictOf(outcome);
        if (verdict === 'sent') {
          result.sent += 1;
          await repo.deleteDelivery(deps.pool, delivery.id);
        } else if (verdict === 'gone') {
          result.gone += 1;
          await repo.deleteSubscriptionById(deps.pool, delivery.subscription_id);
        } else if (verdict === 'retry' && delivery.attempts < MAX_ATTEMPTS) {
          result.retried += 1;
          const at = nextAttemptAt(
            deps.clock.now(),
            delivery.attempts,
            outcome?.retryAfterSeconds ?? 0,
          );
          await repo.retryDeliveryAt(deps.pool, delivery.id, at);
        } else {
          result.dropped += 1;
          await repo.deleteDelivery(deps.pool, delivery.id);
        }
      }),
    );
    if (batch.length < DRAIN_BATCH) return result;
  }
}

/** One send; null when it could not be made or got no answer (tried again later). */
async function attempt(
  deps: PushDeps,
  send: Send,
  delivery: repo.ClaimedDelivery,
  vapid: { subject: string; publicKey: string; privateKey: string },
): Promise<SendOutcome | null> {
  // Checked again at each send: a name's addresses may have changed since it subscribed.
  const endpoint = await checkEndpoint(delivery.endpoint, deps.config, deps.resolve);
  if (!endpoint) return { status: 410, retryAfterSeconds: 0 };
  try {
    return await send({
      endpoint,
      keys: { p256dh: delivery.p256dh, auth: delivery.auth },
      payload: JSON.stringify(delivery.payload),
      vapid,
      ttlSeconds: TTL_SECONDS,
      timeoutMs: SEND_TIMEOUT_MS,
    });
  } catch (error) {
    deps.logger.warn({ err: error, delivery: delivery.id }, 'push send failed');
    return null;
  }
}
