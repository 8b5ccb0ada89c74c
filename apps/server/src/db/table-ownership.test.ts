import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-test-kit.ts';
import type { Database } from './database.ts';
import {
  SERVER_SRC,
  databaseFunctions,
  databaseTables,
  functionSourcePath,
  schemaTableIdentifiers,
  serverSourceFiles,
  sourceWrites,
  sqlWrites,
  type SqlFunction,
} from './ownership-test-kit.ts';

/*
 * The walls reach the data (docs/decisions/017-rules-in-sql-or-typescript.md): each table
 * belongs to one slice, and only that slice's code and SQL functions write it; any other slice
 * asks the owner's face. This test reads every write the server's code and the migrations'
 * functions make and fails on a write to a table its writer does not own, unless EXCEPTIONS
 * names it with its reason.
 */

/**
 * Each table's owning slice (modules/<slice>). Mostly the slice its schema file is named after;
 * the others say why.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  // Sign-in (schema.ts): the nonces verify has accepted, and the refresh tokens it rotates.
  auth_used_nonces: 'auth',
  refresh_tokens: 'auth',
  // The emission counters, ledger, queue and the facts the established rule reads (schema.ts):
  // the sequencer writes them all in one transaction.
  emission_state: 'emissions',
  emission_ledger: 'emissions',
  emission_queue: 'emissions',
  wallet_standing: 'emissions',
  messages: 'feed',
  engagements: 'feed',
  comments: 'feed',
  reposts: 'feed',
  polls: 'polls',
  poll_votes: 'polls',
  // schema-feed.ts holds it beside the posts it points at; 'Notify me' is the capsules slice's.
  capsule_waiters: 'capsules',
  // schema-feed.ts: uploads and their retried deletes are the media slice's, and so are the
  // upload rate-limit counters (nothing else counts in that table).
  media: 'media',
  media_deletions: 'media',
  rate_limit_windows: 'media',
  dum_accounts: 'economy',
  activity: 'economy',
  vaults: 'vaults',
  vault_supports: 'vaults',
  vault_supporters: 'vaults',
  // schema-vaults.ts: the chain's facts about an escrow vault, written by escrow's indexer.
  escrow_vaults: 'escrow',
  escrow_deposits: 'escrow',
  follows: 'people',
  blocks: 'people',
  muted_words: 'people',
  direct_messages: 'messages',
  conversations: 'messages',
  discover_trending_posts: 'discover',
  discover_trending_tags: 'discover',
  discover_top_creators: 'discover',
  analytics_daily: 'analytics',
  analytics_daily_changes: 'analytics',
  analytics_dum_daily: 'analytics',
  mystery_vaults: 'mystery',
  mystery_participants: 'mystery',
  mystery_joins: 'mystery',
  ad_campaigns: 'ads',
  ad_budget_transfers: 'ads',
  ad_campaign_days: 'ads',
  ad_views: 'ads',
  ad_hidden: 'ads',
  reports: 'moderation',
  moderation_actions: 'moderation',
  wallet_restrictions: 'moderation',
  moderation_hidden_posts: 'moderation',
  moderation_hidden_mysteries: 'moderation',
  spent_transfer_signatures: 'payments',
  payment_intents: 'payments',
  anonymous_payments: 'payments',
  trust_runs: 'trust',
  trust_scores: 'trust',
  // schema-realtime.ts: src/realtime, a slice outside modules/ (decision 012).
  realtime_outbox: 'realtime',
  push_keys: 'push',
  push_subscriptions: 'push',
  push_settings: 'push',
  push_deliveries: 'push',
};

/** Each SQL function's owning slice: its readable source is modules/<slice>/sql/<name>.sql. */
const FUNCTION_OWNERS: Record<string, string> = {
  live_post_author: 'feed',
  messages_search_words: 'feed',
  toggle_engagement: 'feed',
  toggle_engagements: 'feed',
  add_comment: 'feed',
  add_comments: 'feed',
  comment_refusal: 'feed',
  vault_status_after_support: 'vaults',
  record_vault_support: 'vaults',
  record_vault_support_core: 'vaults',
  record_vault_supports: 'vaults',
  spend_transfer_signature: 'payments',
  analytics_add_to_day: 'analytics',
  analytics_change_day: 'analytics',
  analytics_take_from_day: 'analytics',
  queue_rewarded_event: 'emissions',
  dequeue_emission_events: 'emissions',
  record_live_activity: 'economy',
  follows_wallet: 'people',
  set_follow: 'people',
  set_follows: 'people',
  moderation_actions_append_only: 'moderation',
  create_wallet_user: 'users',
  set_users_verified: 'users',
  credit_dum_accounts: 'economy',
  record_live_activities: 'economy',
  analytics_add_dum_days: 'analytics',
};

/**
 * The writes allowed to cross a wall, each with why: none. `writer` is a file under src (its
 * slice writes) or `function <name>` (a SQL function the migrations install); the test fails on
 * an entry that matches nothing. Where a writer cannot import the owner's face (the owner
 * imports the writer's, and the import graph may have no circle), it gets the owner's function
 * from the composition root (create-context.ts, slice-deps.ts), or, inside one SQL statement,
 * calls the owner's SQL function (sign-in's user, the sequencer's credits, a post's reward).
 */
const EXCEPTIONS: { writer: string; table: string; reason: string }[] = [];

interface Violation {
  writer: string;
  slice: string;
  table: string;
  owner: string;
}

function violationsOf(writer: string, slice: string, tables: readonly string[]): Violation[] {
  const seen = new Set<string>();
  const found: Violation[] = [];
  for (const table of tables) {
    const owner = TABLE_OWNERS[table];
    if (owner === slice || seen.has(table)) continue;
    seen.add(table);
    found.push({ writer, slice, table, owner: owner ?? '(none)' });
  }
  return found;
}

function isExcepted(violation: Violation): boolean {
  return EXCEPTIONS.some((e) => e.writer === violation.writer && e.table === violation.table);
}

describe('table ownership', () => {
  let database: Database;
  let tables: string[];
  let functions: SqlFunction[];
  let violations: Violation[];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    tables = await databaseTables(database);
    functions = await databaseFunctions(database);
    const tableSet = new Set(tables);
    const identifiers = await schemaTableIdentifiers();
    violations = [];
    for (const { file, writer } of await serverSourceFiles()) {
      const source = await readFile(path.join(SERVER_SRC, file), 'utf8');
      const written = sourceWrites(source, tableSet, identifiers).map((w) => w.table);
      violations.push(...violationsOf(file, writer, written));
    }
    for (const fn of functions) {
      const written = sqlWrites(fn.body, tableSet).map((w) => w.table);
      violations.push(
        ...violationsOf(`function ${fn.name}`, FUNCTION_OWNERS[fn.name] ?? '', written),
      );
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives every table in the database one owning slice, and names no other table', () => {
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('gives every SQL function an owner and its readable source beside that owner', async () => {
    expect(functions.map((fn) => fn.name).filter((name) => !(name in FUNCTION_OWNERS))).toEqual([]);
    const missing: string[] = [];
    for (const fn of functions) {
      const file = functionSourcePath(FUNCTION_OWNERS[fn.name] ?? '', fn.name);
      await readFile(file, 'utf8').catch(() => missing.push(path.relative(SERVER_SRC, file)));
    }
    expect(missing).toEqual([]);
  });

  it('finds no write to another slice’s table but the listed exceptions', () => {
    const unlisted = violations.filter((v) => !isExcepted(v));
    expect(
      unlisted.map((v) => `${v.writer} (${v.slice}) writes ${v.table} (owned by ${v.owner})`),
    ).toEqual([]);
  });

  it('lists no exception that no longer happens', () => {
    const stale = EXCEPTIONS.filter(
      (e) => !violations.some((v) => v.writer === e.writer && v.table === e.table),
    );
    expect(stale).toEqual([]);
  });
});

describe('the write scanner', () => {
  const tables = new Set(['messages', 'users', 'follows']);
  const identifiers = new Map([['users', 'users']]);

  it('catches a cross-slice write, so the ownership test fails on it', () => {
    const source = [
      "import { sql } from 'drizzle-orm';",
      'export async function hidePost(tx: Tx, id: bigint): Promise<void> {',
      '  await tx.execute(sql`',
      '    update messages m',
      '      set expires_at = now() where m.id = ${id}`);',
      '}',
    ].join('\n');
    const written = sourceWrites(source, tables, identifiers).map((w) => w.table);
    const found = violationsOf('modules/people/hide.ts', 'people', written);
    expect(found).toEqual([
      { writer: 'modules/people/hide.ts', slice: 'people', table: 'messages', owner: 'feed' },
    ]);
    expect(found.filter((v) => !isExcepted(v))).toHaveLength(1);
  });

  it('reads every kind of write, in SQL and through the query builder', () => {
    const source = [
      'const a = `insert into "follows" (a) values (1)`;',
      'const b = `with gone as (delete from messages where id = 1) select 1`;',
      'const c = `truncate table follows, users`;',
      'const d = `merge into messages m using x on true when matched then delete`;',
      'await db.update(users).set({ bio: null });',
      'const e = `update ${t} set a = 1`;',
      "await db.query('delete from follows where a = $1', [1]);",
    ].join('\n');
    expect(sourceWrites(source, tables, identifiers)).toEqual([
      { table: 'follows', verb: 'insert' },
      { table: 'messages', verb: 'delete' },
      { table: 'follows', verb: 'truncate' },
      { table: 'users', verb: 'truncate' },
      { table: 'messages', verb: 'merge' },
      { table: 'follows', verb: 'delete' },
      { table: 'users', verb: 'update' },
    ]);
  });

  it('takes no lock, conflict clause, comment or prose for a write', () => {
    const source = [
      '// delete from users when the account goes',
      "const note = 'an update of users';",
      'const a = `select 1 from messages for no key update`;',
      'const b = `insert into follows (a) values (1)',
      '  on conflict (a) do update set a = follows.a + 1 -- update users set b = 1`;',
      'const c = `${`update messages set x = 1`} select 1 from users for update of users`;',
    ].join('\n');
    // The nested template closes first, so its write comes after b's.
    expect(sourceWrites(source, tables, identifiers)).toEqual([
      { table: 'follows', verb: 'insert' },
      { table: 'messages', verb: 'update' },
    ]);
  });
});
