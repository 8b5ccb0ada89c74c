import type { CommentItem } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  makeEstablished,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { addedComment, createdPost } from './test-kit.ts';

/**
 * A reply's reward under the economy's rules, as a comment's: with trust on (as in production)
 * it is paid at the replier's trust weight, and recorded unpaid under the floor. The per-pair
 * cap and "nothing for one's own" are in replies.test.ts.
 */
const DUM = 1_000_000_000n;

describe.each(testDatabaseKinds())('a reply’s reward on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { TRUST_REWARDS: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function setWeight(userId: string, weightPpm: number): Promise<void> {
    await t.ctx.database.pool.query(
      `insert into trust_scores (user_id, score, weight_ppm) values ($1, 0.01, $2)
       on conflict (user_id) do update set weight_ppm = excluded.weight_ppm`,
      [userId, weightPpm],
    );
  }

  async function ledgerOf(reference: string): Promise<{ amount: bigint; paid: boolean }[]> {
    const { rows } = await t.ctx.database.pool.query<{ amount: string; paid: boolean }>(
      `select amount::text, event_index is not null as paid from emission_ledger
       where kind = 'reply_created' and reference = $1`,
      [reference],
    );
    return rows.map((row) => ({ amount: BigInt(row.amount), paid: row.paid }));
  }

  async function reply(
    headers: Record<string, string>,
    postId: string,
    parentId: string,
  ): Promise<CommentItem> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/comments`,
      headers,
      payload: { content: 'a reply', parentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CommentItem>();
  }

  it('pays a reply at the replier’s trust weight, and nothing under the floor', async () => {
    const author = await createSignedInUser(t.ctx);
    const commenter = await createSignedInUser(t.ctx);
    const quarter = await createSignedInUser(t.ctx);
    const faint = await createSignedInUser(t.ctx);
    for (const who of [author, commenter, quarter, faint]) {
      await makeEstablished(t.ctx, who.user.id);
    }
    await setWeight(quarter.user.id, 250_000);
    await setWeight(faint.user.id, 10_000);
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, commenter.headers, p.id, 'top');

    const weighed = await reply(quarter.headers, p.id, top.id);
    expect(await ledgerOf(weighed.id)).toEqual([{ amount: (150n * DUM) / 4n, paid: true }]);
    const under = await reply(faint.headers, p.id, top.id);
    expect(await ledgerOf(under.id)).toEqual([{ amount: 0n, paid: false }]);
  });
});
