import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FeedItem } from '@dum/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInOverHttp, type ApiSession } from './support/api-wallet-test-kit.ts';
import { startServer, type RunningServer } from './support/server-test-kit.ts';

/**
 * kill -9 between a commit and its send (CI tier, PostgreSQL: it runs when CI=true and
 * TEST_DATABASE_URL is set, as .ci/run does). A time capsule opens: the opening and its
 * time_capsule_opened event commit together (the realtime outbox), and the process dies before
 * the event is sent. Started again on the same data, the server sends it, and the wallet that
 * chose 'Notify me' receives it on its socket: nothing is lost.
 *
 * The window is made certain with a real PostgreSQL refusal, not a code hook: the server runs as
 * its own role, which owns the database, and the test revokes that role's DELETE on
 * realtime_outbox before the opening. The opening commits (it only inserts into the outbox);
 * every drain then fails on `permission denied` before it publishes anything, until the kill.
 * The grant comes back only once a socket is listening on the restarted server.
 */

const RUN = process.env.CI === 'true' && Boolean(process.env.TEST_DATABASE_URL);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLOCK_SHIFT = pathToFileURL(path.join(HERE, 'support/clock-shift.mjs')).href;
/** Past the capsule's opening, which is an hour and a minute ahead. */
const SHIFT_MS = 2 * 60 * 60 * 1000;

interface Socket {
  events: { type: string; data: Record<string, unknown> }[];
  authenticated: Promise<void>;
  close(): void;
}

function listen(server: RunningServer, accessToken: string): Socket {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/socket`);
  const events: Socket['events'] = [];
  const authenticated = new Promise<void>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: accessToken })));
    socket.on('error', reject);
    socket.on('message', (raw: Buffer) => {
      // An event's frame is the event itself: its type and data (docs/api.md "Real time").
      const frame = JSON.parse(raw.toString()) as { type: string; data?: Record<string, unknown> };
      if (frame.type === 'auth_success') resolve();
      else if (frame.data) events.push({ type: frame.type, data: frame.data });
    });
  });
  return { events, authenticated, close: () => socket.close() };
}

async function call(
  server: RunningServer,
  method: 'GET' | 'POST',
  url: string,
  session: ApiSession | null,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(server.url + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

describe.runIf(RUN)('kill -9 between an outbox commit and its send, on postgres', () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const role = `dum_fault_${suffix}`;
  const databaseName = `dum_fault_${suffix}`;
  const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
  const servers: RunningServer[] = [];
  let clockDir = '';

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
    if (clockDir) await rm(clockDir, { recursive: true, force: true });
  });

  it('sends the committed event after the restart: the waiter hears of the opening', async () => {
    await admin.query(`create role ${role} login`);
    await admin.query(`create database ${databaseName} owner ${role}`);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
    databaseUrl.username = role;
    databaseUrl.password = '';
    databaseUrl.pathname = `/${databaseName}`;
    const inDatabase = new URL(process.env.TEST_DATABASE_URL ?? '');
    inDatabase.pathname = `/${databaseName}`;
    const db = new pg.Pool({ connectionString: inDatabase.toString(), max: 1 });

    clockDir = await mkdtemp(path.join(os.tmpdir(), 'dum-e2e-clock-'));
    const clockFile = path.join(clockDir, 'offset');
    await writeFile(clockFile, '0');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl.toString(),
      // Tokens issued before the kill stay valid after it.
      AUTH_SECRET: `faults-outbox-${randomUUID()}`,
      OUTBOX_DRAIN_MS: '200',
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${CLOCK_SHIFT}`].filter(Boolean).join(' '),
      DUM_E2E_CLOCK_OFFSET_FILE: clockFile,
    };
    try {
      const first = await startServer({ env, healthTimeoutMs: 180_000 });
      servers.push(first);
      const author = await signInOverHttp(first.url);
      const waiter = await signInOverHttp(first.url);
      const unlockAt = new Date(Date.now() + 61 * 60_000).toISOString();
      const created = await call(first, 'POST', '/api/messages-v2/messages', author, {
        kind: 'capsule',
        body: 'Open me after the crash',
        unlockAt,
      });
      expect(created.status).toBe(201);
      const postId = (created.json as FeedItem).id;
      const notify = await call(first, 'POST', `/api/time-capsules/${postId}/notify`, waiter);
      expect(notify.status).toBeLessThan(300);

      // From here no drain can take an outbox row; the opening itself only inserts them.
      await db.query(`revoke delete on realtime_outbox from ${role}`);
      await writeFile(clockFile, String(SHIFT_MS));

      // Committed: the capsule is open and its events wait in the outbox.
      await expect
        .poll(
          async () =>
            (
              (await call(first, 'GET', `/api/messages-v2/messages/${postId}`, null))
                .json as FeedItem
            ).capsule?.sealed,
          { timeout: 60_000, interval: 250 },
        )
        .toBe(false);
      const waiting = await db.query<{ type: string }>(
        `select event->>'type' as type from realtime_outbox where event->'data'->>'postId' = $1
         order by id`,
        [postId],
      );
      expect(waiting.rows.map((row) => row.type)).toEqual(['time_capsule_opened', 'new_post']);
      // And not sent: every drain is refused before it publishes.
      await expect
        .poll(() => first.output().includes('permission denied for table realtime_outbox'), {
          timeout: 30_000,
        })
        .toBe(true);

      await first.kill();
      expect(first.output()).not.toContain('stopped cleanly');
      const second = await startServer({ env, dataDir: first.dataDir, healthTimeoutMs: 180_000 });
      servers.push(second);
      // Signed in again: the clock moved two hours, past the first access token's life.
      const again = await signInOverHttp(second.url, waiter.wallet);
      const socket = listen(second, again.accessToken);
      await socket.authenticated;

      await db.query(`grant delete on realtime_outbox to ${role}`);
      await expect
        .poll(
          () =>
            socket.events.some(
              (event) => event.type === 'time_capsule_opened' && event.data.postId === postId,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
      await expect
        .poll(async () => (await db.query('select id from realtime_outbox')).rowCount, {
          timeout: 30_000,
        })
        .toBe(0);
      socket.close();
    } finally {
      await db.end();
    }
  });
});
