import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sourcesUnlikeLive } from '../../db/ownership-test-kit.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('emissions SQL sources (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the functions the migrations install', async () => {
    expect(await sourcesUnlikeLive(database, 'emissions')).toEqual([]);
  });

  it('queue_rewarded_event queues one event for the sequencer', async () => {
    const [actor, subject] = [randomUUID(), randomUUID()];
    await database.pool.query(
      `select queue_rewarded_event('like_given', $1, $2, '42', '2026-11-23T12:00:00Z')`,
      [actor, subject],
    );
    const { rows } = await database.pool.query(
      'select kind, actor_id, subject_id, reference from emission_queue where actor_id = $1',
      [actor],
    );
    expect(rows).toEqual([
      { kind: 'like_given', actor_id: actor, subject_id: subject, reference: '42' },
    ]);
  });
});
