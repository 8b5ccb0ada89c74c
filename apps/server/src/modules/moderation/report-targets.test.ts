import { randomBytes } from 'node:crypto';
import { generateSigner } from '@dum/chain';
import { reportSchema, type MysteryPage, type Report } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import {
  addedComment,
  countRows,
  createdPost,
  errorOf,
  type Headers,
  type SignedIn,
} from '../feed/test-kit.ts';
import { mysteryDepsOf, openEndedMysteries } from '../mystery/index.ts';
import { createdMystery, joinCall } from '../mystery/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import { restoreEndedSuspensions } from './index.ts';

/**
 * What a report may reach: only what its reporter may see (the visibility every read applies),
 * answered as what does not exist otherwise; and mystery vaults, reported as posts are, hidden
 * like posts while their reports weigh enough or their creator is suspended.
 */

const moderatorAddress = generateSigner().address;

function report(t: TestApp, headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/reports', headers, payload });
}

async function reported(
  t: TestApp,
  headers: Headers,
  payload: Record<string, unknown>,
): Promise<Report> {
  const res = await report(t, headers, payload);
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return reportSchema.parse(res.json());
}

function decide(t: TestApp, headers: Headers, id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/moderation/reports/${id}/decision`,
    headers,
    payload,
  });
}

/** An unused transfer signature: base58 of 64 random bytes. */
function fakeSignature(): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = BigInt(`0x${randomBytes(64).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = alphabet[Number(value % 58n)]! + text;
    value /= 58n;
  }
  return text;
}

describe.each(testDatabaseKinds())('report targets on %s', (kind) => {
  let t: TestApp;
  let mod: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      MODERATOR_WALLETS: moderatorAddress,
      MODERATION_AUTO_HIDE_REPORTS: '3',
      MODERATION_HOLD_REPORTS: '3',
      FEED_CACHE_MS: '0',
      VAULTS_ENABLED: 'true',
    });
    mod = await createSignedInUser(t.ctx, moderatorAddress);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
  const reportsBy = (userId: string) =>
    countRows(t, 'select count(*) as n from reports where reporter_id = $1', [userId]);

  /** The refusal a report of a post id nobody ever used gets, to compare others with. */
  async function notFoundAnswer(headers: Headers) {
    const res = await report(t, headers, {
      targetKind: 'post',
      targetId: '987654321',
      reason: 'illegal',
    });
    return { status: res.statusCode, body: res.json<unknown>() };
  }

  it("answers a report of another author's pending escrow post as of a post that does not exist", async () => {
    const author = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const post = await createdVaultPost(t, author.headers, '0.3');
    // Its vault not on chain yet (decision 009): the escrow row as the creation writes it.
    await t.ctx.database.pool.query(`update vaults set kind = 'escrow' where id = $1`, [
      post.vault.id,
    ]);
    await t.ctx.database.pool.query(
      `insert into escrow_vaults (vault_id, state, program_id, address, creator_wallet,
         multiplier, duration_seconds, penalty_bps, rewards_per_sol, staking_rate_per_second)
       values ($1, 'pending', 'program', $2, $3, 2, 86400, 500, 0, 0)`,
      [post.vault.id, generateSigner().address, author.user.solAddress],
    );
    // Every read answers it so: the reporter cannot see it, its author can.
    const url = `/api/messages-v2/messages/${post.id}`;
    expect((await get(url, reporter.headers)).statusCode).toBe(404);
    expect((await get(url, author.headers)).statusCode).toBe(200);

    const res = await report(t, reporter.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'illegal',
    });
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual(
      await notFoundAnswer(reporter.headers),
    );
    expect(errorOf(res).code).toBe('report_target_not_found');
    expect(await reportsBy(reporter.user.id)).toBe(0);
  });

  it('answers a report of a post or comment by a wallet the reporter blocked as not found', async () => {
    const author = await createSignedInUser(t.ctx);
    const commenter = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const post = await createdPost(t, author.headers, 'seen by some');
    const comment = await addedComment(t, commenter.headers, post.id, 'a reply');
    for (const address of [author.user.solAddress, commenter.user.solAddress]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/blocks/${address}`,
        headers: reporter.headers,
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    expect((await get(`/api/messages-v2/messages/${post.id}`, reporter.headers)).statusCode).toBe(
      404,
    );
    for (const [targetKind, targetId] of [
      ['post', post.id],
      ['comment', comment.id],
    ]) {
      const res = await report(t, reporter.headers, { targetKind, targetId, reason: 'spam' });
      expect(res.statusCode, targetKind).toBe(404);
      expect(errorOf(res).code).toBe('report_target_not_found');
    }
    expect(await reportsBy(reporter.user.id)).toBe(0);
    // Anyone else may still report them.
    const other = await createSignedInUser(t.ctx);
    await reported(t, other.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    await reported(t, other.headers, {
      targetKind: 'comment',
      targetId: comment.id,
      reason: 'spam',
    });
  });

  it('reports a mystery vault with what the reporter can see of it, never its hidden content', async () => {
    const creator = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const mystery = await createdMystery(t, creator.headers);
    const filed = await reported(t, reporter.headers, {
      targetKind: 'mystery',
      targetId: mystery.id,
      reason: 'scam',
    });
    expect(filed.targetKind).toBe('mystery');
    expect(filed.targetId).toBe(mystery.id);
    expect(filed.snapshot.body).toBe('What is in the box\n\nA clue: it sings');
    expect(JSON.stringify(filed)).not.toContain('THE SECRET INSIDE');
    expect(filed.snapshot.authorAddress).toBe(creator.user.solAddress);

    const own = await report(t, creator.headers, {
      targetKind: 'mystery',
      targetId: mystery.id,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).code).toBe('report_own_content');
    for (const targetId of ['999999999', 'x']) {
      const res = await report(t, reporter.headers, {
        targetKind: 'mystery',
        targetId,
        reason: 'spam',
      });
      expect(res.statusCode, targetId).toBe(404);
      expect(errorOf(res).code).toBe('report_target_not_found');
    }
    const again = await report(t, reporter.headers, {
      targetKind: 'mystery',
      targetId: mystery.id,
      reason: 'spam',
    });
    expect(again.statusCode).toBe(409);
  });

  async function listed(scope: string, headers: Headers = {}): Promise<string[]> {
    const res = await get(`/api/mystery-vaults?scope=${scope}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json<MysteryPage>().items.map((item) => item.id);
  }

  async function shown(id: string, creator: SignedIn): Promise<boolean> {
    const pages = await Promise.all([
      get(`/api/mystery-vaults/${id}`),
      get(`/api/mystery-vaults/${id}`, creator.headers),
    ]);
    const lists = [await listed('open'), await listed('mine', creator.headers)];
    const answers = pages.map((page) => page.statusCode);
    const inLists = lists.map((list) => list.includes(id));
    if (answers.every((status) => status === 200) && inLists.every(Boolean)) return true;
    if (answers.every((status) => status === 404) && !inLists.some(Boolean)) {
      for (const page of pages) expect(errorOf(page).code).toBe('mystery_vault_not_found');
      return false;
    }
    throw new Error(`shown to some only: ${JSON.stringify({ answers, inLists })}`);
  }

  it('hides a mystery vault whose reports weigh enough, pending review, and dismissing gives it back', async () => {
    const creator = await createSignedInUser(t.ctx);
    const mystery = await createdMystery(t, creator.headers);
    const reporters = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.ctx)));
    const filed: Report[] = [];
    for (const reporter of reporters.slice(0, 2)) {
      filed.push(
        await reported(t, reporter.headers, {
          targetKind: 'mystery',
          targetId: mystery.id,
          reason: 'scam',
        }),
      );
    }
    expect(await shown(mystery.id, creator)).toBe(true);
    filed.push(
      await reported(t, reporters[2]!.headers, {
        targetKind: 'mystery',
        targetId: mystery.id,
        reason: 'scam',
      }),
    );
    expect(await shown(mystery.id, creator)).toBe(false);
    // Nobody joins what they cannot see.
    const joiner = await createSignedInUser(t.ctx);
    const join = await joinCall(t, joiner.headers, mystery.id, {
      transactionSignature: fakeSignature(),
      amount: '0.1',
    });
    expect(join.statusCode).toBe(404);
    expect(errorOf(join).code).toBe('mystery_vault_not_found');

    const queue = await get('/api/moderation/queue', mod.headers);
    const item = queue
      .json<{ reports: Array<{ id: string; hidden: boolean; audit: Array<{ action: string }> }> }>()
      .reports.find((r) => r.id === filed[2]!.id);
    expect(item?.hidden).toBe(true);
    expect(item?.audit.map((a) => a.action)).toContain('auto_hide');

    const res = await decide(t, mod.headers, filed[0]!.id, { action: 'dismiss', reason: 'Fine' });
    expect(res.statusCode).toBe(200);
    expect(await shown(mystery.id, creator)).toBe(true);
  });

  it("keeps a suspended creator's mystery vaults down, from lists and their page, until the suspension ends", async () => {
    const creator = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const mysteries = [
      await createdMystery(t, creator.headers, { title: 'First box' }),
      await createdMystery(t, creator.headers, { title: 'Second box' }),
    ];
    const filed = await reported(t, reporter.headers, {
      targetKind: 'mystery',
      targetId: mysteries[0]!.id,
      reason: 'scam',
    });
    const endsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const res = await decide(t, mod.headers, filed.id, {
      action: 'suspend',
      reason: 'Scam',
      endsAt,
    });
    expect(res.statusCode).toBe(200);
    for (const mystery of mysteries) expect(await shown(mystery.id, creator)).toBe(false);

    // The hour passes: the job gives them back.
    t.clock.advance(3_600_000 + 1000);
    // Access tokens from before the hour have expired.
    mod = await createSignedInUser(t.ctx, moderatorAddress);
    const again = await createSignedInUser(t.ctx, creator.user.solAddress);
    expect(await restoreEndedSuspensions(t.ctx.slices.moderation)).toBeGreaterThanOrEqual(1);
    for (const mystery of mysteries) expect(await shown(mystery.id, again)).toBe(true);
  });

  it('gives back mystery vaults when a suspension is lifted, and opens them only then', async () => {
    const creator = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const mystery = await createdMystery(t, creator.headers, { durationSeconds: 3600 });
    const openedAt = async () => {
      const { rows } = await t.ctx.database.pool.query<{ opened_at: Date | null }>(
        'select opened_at from mystery_vaults where id = $1',
        [mystery.id],
      );
      return rows[0]?.opened_at ?? null;
    };
    const filed = await reported(t, reporter.headers, {
      targetKind: 'wallet',
      targetId: creator.user.solAddress,
      reason: 'harassment',
    });
    const res = await decide(t, mod.headers, filed.id, {
      action: 'suspend',
      reason: 'x',
      endsAt: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(mystery.id, creator)).toBe(false);
    // Its timer ends while it is hidden: the opening job leaves it (opening would announce it).
    t.clock.advance(3_601_000);
    await openEndedMysteries(mysteryDepsOf(t.ctx), t.clock.now());
    expect(await openedAt()).toBeNull();
    // Access tokens from before the hour have expired.
    mod = await createSignedInUser(t.ctx, moderatorAddress);
    const again = await createSignedInUser(t.ctx, creator.user.solAddress);
    const lift = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/wallets/${creator.user.solAddress}/lift`,
      headers: mod.headers,
      payload: { reason: 'Appeal granted' },
    });
    expect(lift.statusCode).toBe(204);
    expect(await shown(mystery.id, again)).toBe(true);
    await openEndedMysteries(mysteryDepsOf(t.ctx), t.clock.now());
    expect(await openedAt()).not.toBeNull();
  });

  it('removes a reported mystery vault for everyone', async () => {
    const creator = await createSignedInUser(t.ctx);
    const reporter = await createSignedInUser(t.ctx);
    const mystery = await createdMystery(t, creator.headers);
    const filed = await reported(t, reporter.headers, {
      targetKind: 'mystery',
      targetId: mystery.id,
      reason: 'illegal',
    });
    const res = await decide(t, mod.headers, filed.id, { action: 'remove', reason: 'Illegal' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>().status).toBe('removed');
    expect(
      await countRows(t, 'select count(*) as n from mystery_vaults where id = $1', [mystery.id]),
    ).toBe(0);
    expect((await get(`/api/mystery-vaults/${mystery.id}`)).statusCode).toBe(404);
    // The report keeps what the reporter saw.
    const kept = await get(`/api/reports/${filed.id}`, reporter.headers);
    expect(kept.json<Report>().snapshot.body).toContain('What is in the box');
  });
});
