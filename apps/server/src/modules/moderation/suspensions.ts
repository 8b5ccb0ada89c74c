import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/prepared.ts';
import type { EventBus } from '../../realtime/index.ts';
import { suspendedWallets } from './repo.ts';

/**
 * The active suspensions, held in memory by every instance, so the check every write a
 * suspended wallet may not make runs (service.ts assertNotSuspended) costs no round trip: it
 * was one on every post, like, comment, follow and message, twice on a message. Suspended
 * wallets are few; the whole set is one short read.
 *
 * When the set is read again:
 * - after this instance suspends or lifts (suspensionsChanged, before the moderator's answer),
 *   so on the instance that acted the change holds at once, as before;
 * - on the other instances, when the bus brings that news (milliseconds; watchSuspensions);
 * - and at most REREAD_MS after the last read whatever happens, so a lost bus message costs
 *   seconds, not a suspension.
 * A suspension's end needs no news: each check compares it with the clock.
 */

/** The longest a set is trusted without news (a lost bus message's worst case). */
const REREAD_MS = 5000;

interface SuspensionSet {
  /** Wallet → the latest end of its active suspensions (null: indefinite). */
  ends: Map<string, Date | null>;
  readAt: number;
  /** The news count the read started at: a read older than the latest news is stale. */
  news: number;
}

interface SetState {
  current: SuspensionSet | null;
  /** Bumped by each change heard of (suspensionsChanged, the bus). */
  news: number;
  /** The read in flight, shared by the checks that arrive meanwhile. */
  reading: { news: number; done: Promise<SuspensionSet> } | null;
}

/** One state per database pool: an app context's instance (tests run several in a process). */
const states = new WeakMap<object, SetState>();

function stateOf(pool: Queryable): SetState {
  let state = states.get(pool);
  if (!state) {
    state = { current: null, news: 0, reading: null };
    states.set(pool, state);
  }
  return state;
}

async function readSet(pool: Queryable, now: Date, news: number): Promise<SuspensionSet> {
  const rows = await suspendedWallets(pool, now);
  return {
    ends: new Map(rows.map((row) => [row.user_id, row.ends_at])),
    readAt: Date.now(),
    news,
  };
}

async function currentSet(pool: Queryable, clock: Pick<Clock, 'now'>): Promise<SuspensionSet> {
  const state = stateOf(pool);
  const set = state.current;
  if (set && set.news === state.news && Date.now() - set.readAt < REREAD_MS) return set;
  if (state.reading?.news === state.news) return state.reading.done;
  const news = state.news;
  const done = readSet(pool, clock.now(), news).then(
    (read) => {
      if (state.reading?.done === done) state.reading = null;
      if (read.news === state.news) state.current = read;
      return read;
    },
    (error: unknown) => {
      if (state.reading?.done === done) state.reading = null;
      throw error;
    },
  );
  state.reading = { news, done };
  return done;
}

/**
 * The wallet's active suspension: when it ends (null: indefinite), or undefined when it has
 * none now.
 */
export async function suspensionOf(
  deps: { pool: Queryable; clock: Pick<Clock, 'now'> },
  userId: string,
): Promise<{ endsAt: Date | null } | undefined> {
  const set = await currentSet(deps.pool, deps.clock);
  if (!set.ends.has(userId)) return undefined;
  const endsAt = set.ends.get(userId) ?? null;
  if (endsAt && endsAt <= deps.clock.now()) return undefined;
  return { endsAt };
}

/**
 * After this instance committed a suspension or its lifting: the next check reads the set
 * again, and the other instances hear of it.
 */
export async function suspensionsChanged(
  deps: { pool: Queryable; bus: Pick<EventBus, 'publish'> },
  logger: { error: (details: object, message: string) => void },
): Promise<void> {
  stateOf(deps.pool).news += 1;
  try {
    await deps.bus.publish({ kind: 'suspensions_changed' });
  } catch (error) {
    // The others read again within REREAD_MS.
    logger.error({ err: error }, 'could not announce a suspension change');
  }
}

/** Reads the set again when another instance says it changed; answers the unsubscribe. */
export function watchSuspensions(pool: Queryable, bus: Pick<EventBus, 'subscribe'>): () => void {
  return bus.subscribe((message) => {
    if (message.kind === 'suspensions_changed') stateOf(pool).news += 1;
  });
}
