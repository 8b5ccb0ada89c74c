import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A wallet that has signed in at least once. Profile fields (username, display name, avatar,
 * bio) are empty until the person sets them (PATCH /api/users/me); the username is unique
 * ignoring case; the referral code is handed out on first sign-in.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solAddress: text('sol_address').notNull().unique(),
    username: text('username').unique(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    isVerified: boolean('is_verified').notNull().default(false),
    referralCode: text('referral_code').unique(),
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_not_self_referred', sql`${t.referredById} <> ${t.id}`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    // People search (modules/discover): prefixes of the username, the display name (both
    // lower-cased) and the wallet address, as byte-wise ranges in the order of the page
    // (collation "C", whatever the database's own collation is).
    index('users_username_prefix').on(sql`(lower(${t.username}) collate "C")`, t.id),
    index('users_display_name_prefix').on(sql`(lower(${t.displayName}) collate "C")`, t.id),
    index('users_address_prefix').on(sql`(${t.solAddress} collate "C")`, t.id),
  ],
);
