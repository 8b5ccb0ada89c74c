import { ERRORS, type ErrorCode, type FeedItem } from '@dum/core';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../test/app-test-kit.ts';

/**
 * Fuzzes every route the app has (read from Fastify's own route tree, so a new route is covered
 * the day it is added) with generated path parameters, query strings, headers and bodies, signed
 * in and signed out, through app.inject on PGlite. Two rules: never a 500 (or anything else the
 * catalogue does not know), and a request that is refused (4xx, 5xx) changes nothing: every
 * table's row count and a hash of its rows are the same before and after it. Seeded and bounded
 * (RUNS_PER_ROUTE per route), so a failure replays exactly.
 */

const SEED = 21;
const RUNS_PER_ROUTE = 20;

interface Route {
  method: string;
  url: string;
}

/** Solana Actions (modules/actions): their errors are the specification's `{ message }`. */
function isActionRoute(url: string): boolean {
  return url === '/actions.json' || url.startsWith('/api/actions/');
}

/** Routes outside the JSON API: the WebSocket hub (its own tests) and the embedded chain's RPC. */
const NOT_JSON = new Set(['/socket', '/rpc']);

/**
 * Every (method, path) in `app.printRoutes({ commonPrefix: false })`: a tree whose lines read
 * `├── /api/vaults (GET, HEAD)` with children indented four characters a level, each child's
 * path continuing its parent's.
 */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4).trim());
    if (!match?.[1]) throw new Error(`unexpected route line: ${line}`);
    const url = (depth > 0 ? (stack[depth - 1] ?? '') : '') + match[1];
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[2]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** One statement: each table's row count and a hash of its rows (catches updates too). */
async function snapshotQuery(t: TestApp): Promise<string> {
  const { rows } = await t.ctx.database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = rows.map(
    ({ table_name: name }) =>
      `'${name}', (select count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) from "${name}" x)`,
  );
  // json_build_object takes at most 100 arguments (50 tables): objects of 40 tables, merged.
  const objects: string[] = [];
  for (let i = 0; i < parts.length; i += 40) {
    objects.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  }
  return `select ${objects.join(' || ')} as snapshot`;
}

interface Snapshot {
  /** The next transaction ID: a row changes only in a transaction that takes one. */
  nextXid: string;
  tables: Record<string, string>;
}

async function snapshot(t: TestApp, query: string, xid?: string): Promise<Snapshot> {
  // The ID first: a write after it shows in the next comparison's ID.
  xid ??= await nextXid(t);
  const { rows } = await t.ctx.database.pool.query<{ snapshot: Record<string, string> }>(query);
  return { nextXid: xid, tables: rows[0]?.snapshot ?? {} };
}

/**
 * The snapshot after a request: the one before it when no transaction has taken an ID since
 * (nothing was written, so hashing every table again would find the same), else a new one.
 */
async function snapshotAfter(t: TestApp, query: string, before: Snapshot): Promise<Snapshot> {
  const xid = await nextXid(t);
  return xid === before.nextXid ? before : snapshot(t, query, xid);
}

async function nextXid(t: TestApp): Promise<string> {
  const { rows } = await t.ctx.database.pool.query<{ xid: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as xid',
  );
  return rows[0]?.xid ?? '';
}

/**
 * Tables a refused request may change: rate-limit counters count attempts, refused ones included
 * (a limit that only counted successes would let a script probe for free).
 */
const COUNTERS = new Set(['rate_limit_windows']);

function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after.tables).filter(
    (table) => !COUNTERS.has(table) && before.tables[table] !== after.tables[table],
  );
}

// ---- Generators ------------------------------------------------------------------------------

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  'NaN',
  'Infinity',
  '18446744073709551616',
  '99999999999999999999999999999999',
  '9223372036854775807',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '😀'.repeat(300),
  'a'.repeat(5000),
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
);

const anyString = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^\d{1,25}$/),
);

/** Values that a JSON body field may hold. */
const fieldValue = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), anyString, { maxKeys: 2 }),
);

/** Field names the API's bodies use, so generated bodies reach past the first check. */
const BODY_KEYS = [
  'body',
  'content',
  'kind',
  'imageUrl',
  'audioUrl',
  'targetAmount',
  'amount',
  'action',
  'transactionSignature',
  'address',
  'chain',
  'message',
  'signature',
  'signedTransaction',
  'refreshToken',
  'referralCode',
  'multiplier',
  'durationSeconds',
  'contentHash',
  '__proto__',
];

const QUERY_KEYS = ['cursor', 'limit', 'after', 'kind', 'mine', 'ref', 'token', 'address'];

interface Ids {
  postId: string;
  vaultId: string;
  commentId: string;
  address: string;
  mediaName: string;
}

function paramValue(ids: Ids): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(ids.postId, ids.vaultId, ids.commentId, ids.address) },
    { weight: 1, arbitrary: fc.constant(ids.mediaName) },
    { weight: 2, arbitrary: anyString },
  );
}

/** Plausible values for the fields the API reads, so that requests get past the first check. */
function plausibleValue(ids: Ids): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom('public', 'vault', 'escrow', 'like', 'bookmark', 'stake', 'unstake', 'solana'),
    fc.constantFrom('0.01', '1', '0.000000001', '1000000', '0', '-1', '1.0000000001', 'abc'),
    fc.constantFrom(ids.address, `/media/${ids.mediaName}`, 'gm', 'x'.repeat(1001)),
    fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/),
    fc.integer({ min: -2, max: 1_000_000 }),
  );
}

interface Generated {
  params: string[];
  query: [string, string][];
  rawQuery: string | null;
  auth: 'actor' | 'author' | 'none' | 'garbage';
  garbageAuth: string;
  contentType: string | null;
  extraHeaders: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'fields'; value: Record<string, unknown> }
    | { kind: 'raw'; value: string };
}

function requestArbitrary(ids: Ids, paramCount: number): fc.Arbitrary<Generated> {
  const knownQuery = fc.tuple(
    fc.constantFrom(...QUERY_KEYS),
    fc.oneof(anyString, fc.constantFrom('1', '20', '50', '500', 'created', 'supported')),
  );
  const anyQuery = fc.tuple(fc.string({ maxLength: 8 }), anyString);
  return fc.record({
    params: fc.array(paramValue(ids), { minLength: paramCount, maxLength: paramCount }),
    query: fc.oneof(
      { weight: 5, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 3, arbitrary: fc.array(knownQuery, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(fc.oneof(knownQuery, anyQuery), { maxLength: 4 }) },
    ),
    rawQuery: fc.option(
      fc.constantFrom('a[b]=1', '%zz', '&&&', 'limit=1&limit=2', '=x', 'cursor'),
      {
        freq: 8,
      },
    ),
    auth: fc.constantFrom('actor', 'actor', 'actor', 'author', 'none', 'garbage'),
    garbageAuth: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'bearer x'),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
    ),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
        ),
      },
    ),
    extraHeaders: fc.dictionary(
      fc.constantFrom('x-forwarded-for', 'accept', 'origin', 'accept-encoding', 'x-request-id'),
      fc.oneof(
        oddStrings,
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      ),
      { maxKeys: 2 },
    ),
    body: fc.oneof(
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: 1,
        arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })),
      },
      {
        weight: 4,
        arbitrary: fc
          .dictionary(fc.constantFrom(...BODY_KEYS), fc.oneof(plausibleValue(ids), fieldValue), {
            maxKeys: 4,
          })
          .map((value) => ({ kind: 'fields' as const, value })),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{', '{"a":', '[1,', 'nul', '"x'))
          .map((value) => ({ kind: 'raw' as const, value })),
      },
    ),
  });
}

function toInject(
  route: Route,
  generated: Generated,
  tokens: { actor: string; author: string },
): InjectOptions {
  let index = 0;
  const path = route.url.replace(/:[A-Za-z]+/g, () =>
    encodeURIComponent(generated.params[index++] ?? ''),
  );
  const search = new URLSearchParams(generated.query).toString();
  const query = [search, generated.rawQuery].filter(Boolean).join('&');
  const headers: Record<string, string> = { ...generated.extraHeaders };
  if (generated.auth === 'actor') headers.authorization = `Bearer ${tokens.actor}`;
  if (generated.auth === 'author') headers.authorization = `Bearer ${tokens.author}`;
  if (generated.auth === 'garbage') headers.authorization = generated.garbageAuth;
  const options: InjectOptions = {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers,
  };
  const { body } = generated;
  if (body.kind !== 'none') {
    options.payload = body.kind === 'raw' ? body.value : JSON.stringify(body.value);
    headers['content-type'] = generated.contentType ?? 'application/json';
  }
  return options;
}

describe('every route, fuzzed (PGlite)', () => {
  let t: TestApp;
  let ids: Ids;
  let author: Awaited<ReturnType<typeof createSignedInUser>>;
  let routes: Route[];
  let query: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    author = await createSignedInUser(t.ctx);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: author.headers,
      payload: { body: 'fuzz me', kind: 'public' },
    });
    const vault = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers: author.headers,
      payload: { body: 'fuzz my vault', kind: 'vault', targetAmount: '1' },
    });
    const postId = post.json<FeedItem>().id;
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/comments`,
      headers: author.headers,
      payload: { content: 'a comment' },
    });
    expect([post.statusCode, vault.statusCode, comment.statusCode]).toEqual([201, 201, 201]);
    ids = {
      postId,
      vaultId: vault.json<FeedItem>().vault?.id ?? '1',
      commentId: comment.json<{ id: string }>().id,
      address: author.user.solAddress,
      mediaName: 'Ab3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV.jpg',
    };
    routes = routesOf(t.app).filter((route) => !NOT_JSON.has(route.url));
    query = await snapshotQuery(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the routes in the app’s own route tree', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/messages-v2/messages',
        'DELETE /api/messages-v2/messages/:id',
        'POST /api/messages/:id/comments',
        'DELETE /api/messages/:id/comments/:commentId',
        'POST /api/vaults/:id/support',
        'POST /api/users/stake',
        'GET /api/users/:address',
      ]),
    );
    expect(routes.length).toBeGreaterThan(25);
  });

  it('sees a write in the next transaction ID, and a read leaves it', async () => {
    const start = await snapshot(t, query);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${ids.postId}/comments`,
    });
    expect(read.statusCode).toBe(200);
    expect(await snapshotAfter(t, query, start)).toBe(start);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${ids.postId}/comments`,
      headers: author.headers,
      payload: { content: 'another comment' },
    });
    expect(write.statusCode).toBe(201);
    const after = await snapshotAfter(t, query, start);
    expect(after).not.toBe(start);
    expect(changedTables(start, after)).toContain('comments');
  });

  it('answers every generated request with a known status, and a refusal changes nothing', async () => {
    for (const [index, route] of routes.entries()) {
      // A fresh signed-in wallet per route, so a logout fuzzed on one route cannot end the
      // session another route's requests use.
      const actor = await createSignedInUser(t.ctx);
      const paramCount = (route.url.match(/:[A-Za-z]+/g) ?? []).length;
      let before = await snapshot(t, query);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(ids, paramCount), async (generated) => {
          const request = toInject(route, generated, {
            actor: actor.accessToken,
            author: author.accessToken,
          });
          const res = await t.app.inject(request);
          const what = `${route.method} ${route.url} as ${JSON.stringify(request).slice(0, 1500)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).not.toBe(500);
          // A success, or a refusal in the API's error shape with a code the catalogue knows.
          if (res.statusCode >= 400 && isActionRoute(route.url)) {
            // Solana Actions answer the specification's `{ message }`, with a status the
            // catalogue has.
            const { message } = res.json<{ message?: unknown }>();
            expect(typeof message === 'string' && message.length > 0, what).toBe(true);
            const statuses = new Set<number>(Object.values(ERRORS).map((entry) => entry.status));
            expect(statuses.has(res.statusCode), what).toBe(true);
          } else if (res.statusCode >= 400) {
            const { error } = res.json<{ error?: { code?: string; message?: unknown } }>();
            expect(error?.code && error.code in ERRORS, what).toBe(true);
            expect(ERRORS[error?.code as ErrorCode].status, what).toBe(res.statusCode);
            expect(typeof error?.message, what).toBe('string');
          } else {
            expect([200, 201, 204], what).toContain(res.statusCode);
          }
          const after = await snapshotAfter(t, query, before);
          if (res.statusCode >= 400) expect(changedTables(before, after), what).toEqual([]);
          before = after;
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 240_000);
});
