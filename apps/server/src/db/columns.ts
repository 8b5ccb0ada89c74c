import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * Column shapes many tables share, so each says once what it means. Each builds exactly the
 * column it replaces: the generated SQL (and so the migrations) stay the same.
 */

/** A moment as the app's clock gives it: with its time zone, to the millisecond (a JS Date). */
export function timestampMs(name: string) {
  return timestamp(name, { withTimezone: true, precision: 3 });
}

/** The user a row belongs to: required, and the row goes when the user does. */
export function userRef(name: string) {
  return uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
