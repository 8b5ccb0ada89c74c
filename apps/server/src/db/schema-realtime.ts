import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestampMs } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Real time (apps/server/src/realtime). Owned by the realtime slice; other slices add to the
// outbox through its face (enqueueEvent), in their own transactions.
// ---------------------------------------------------------------------------------------------

/**
 * Events that must reach their sockets at least once, written in the transaction that made
 * them true (the transactional outbox): a crash between the commit and the publish leaves the
 * row, and the next drain on any instance publishes it. A drain deletes the rows it published in
 * the transaction that took them (FOR UPDATE SKIP LOCKED), so instances never publish one row
 * twice except when one dies between its publish and its commit; each event carries the row's
 * id as `eventId`, by which the receiver drops a repeat.
 */
export const realtimeOutbox = pgTable('realtime_outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  /** core's Audience: everyone, or some users' sockets. */
  audience: jsonb('audience').notNull(),
  /** core's RealtimeEvent. */
  event: jsonb('event').notNull(),
  createdAt: timestampMs('created_at').notNull(),
});
