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

  it('dequeue_emission_events takes the given events out of the queue and counts them', async () => {
    const actor = randomUUID();
    for (const reference of ['1', '2', '3']) {
      await database.pool.query(
        `select queue_rewarded_event('post_created', $1, null, $2, '2026-11-23T12:00:00Z')`,
        [actor, reference],
      );
    }
    const queued = async () =>
      (
        await database.pool.query<{ id: string; reference: string }>(
          'select id::text, reference from emission_queue where actor_id = $1 order by id',
          [actor],
        )
      ).rows;
    const [first, second] = await queued();
    // An id no longer queued (or never) counts for nothing.
    const { rows } = await database.pool.query<{ taken: number }>(
      'select dequeue_emission_events($1::bigint[]) as taken',
      [[first?.id, second?.id, '0']],
    );
    expect(rows).toEqual([{ taken: 2 }]);
    expect((await queued()).map((row) => row.reference)).toEqual(['3']);
  });
});
