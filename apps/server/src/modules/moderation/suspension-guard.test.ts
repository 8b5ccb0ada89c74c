import { randomBytes } from 'node:crypto';
import { generateSigner } from '@dum/chain';
import { reportSchema } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, createdPost, createPost, type SignedIn } from '../feed/test-kit.ts';
import { createdMystery } from '../mystery/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';

/**
 * A suspended wallet reads but does not write: every write service it may not use calls
 * moderation's guard itself, so the refusal holds whichever route (or blink) reaches the
 * service, with the same answer the routes' own check gives, and nothing is written.
 */

const moderatorAddress = generateSigner().address;

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

describe.each(testDatabaseKinds())('the suspension guard on %s', (kind) => {
  let t: TestApp;
  let mod: SignedIn;
  let eve: SignedIn;
  let frank: SignedIn;
  /** What the routes' own check answers a suspended wallet (a post), to compare with. */
  let refusal: { status: number; body: unknown };
  let evePostId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      MODERATOR_WALLETS: moderatorAddress,
      FEED_CACHE_MS: '0',
      VAULTS_ENABLED: 'true',
    });
    mod = await createSignedInUser(t.ctx, moderatorAddress);
    eve = await createSignedInUser(t.ctx);
    frank = await createSignedInUser(t.ctx);
    evePostId = (await createdPost(t, eve.headers, 'an ad, one day')).id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: frank.headers,
      payload: { targetKind: 'wallet', targetId: eve.user.solAddress, reason: 'spam' },
    });
    const filed = reportSchema.parse(res.json());
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${filed.id}/decision`,
      headers: mod.headers,
      payload: { action: 'suspend', reason: 'Spam', endsAt: null },
    });
    expect(decided.statusCode).toBe(200);
    const post = await createPost(t, eve.headers, { body: 'refused', kind: 'public' });
    refusal = { status: post.statusCode, body: post.json<unknown>() };
  });
  afterAll(async () => {
    await t.close();
  });

  function expectRefused(res: LightMyRequestResponse): void {
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual(refusal);
  }

  const call = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: eve.headers, payload: payload as object });

  it('is the answer the routes give: 403 account_suspended, with the end', () => {
    expect(refusal).toEqual({
      status: 403,
      body: {
        error: {
          code: 'account_suspended',
          message:
            'Your account is suspended: you can read, but not post, comment, message or follow.',
          details: { endsAt: null },
        },
      },
    });
  });

  it('refuses a profile edit', async () => {
    expectRefused(await call('PATCH', '/api/users/me', { bio: 'edited while suspended' }));
    const { rows } = await t.ctx.database.pool.query<{ bio: string | null }>(
      'select bio from users where id = $1',
      [eve.user.id],
    );
    expect(rows[0]?.bio).toBeNull();
  });

  it('refuses a like (a bookmark, her own, stays hers to keep)', async () => {
    const post = await createdPost(t, frank.headers, 'likeable');
    expectRefused(await call('POST', `/api/messages/${post.id}/engage`, { kind: 'like' }));
    expect(
      await countRows(t, 'select count(*) as n from engagements where user_id = $1', [eve.user.id]),
    ).toBe(0);
    const bookmark = await call('POST', `/api/messages/${post.id}/engage`, { kind: 'bookmark' });
    expect(bookmark.statusCode).toBe(200);
  });

  it('refuses a new ad campaign', async () => {
    expectRefused(
      await call('POST', '/api/ads/campaigns', {
        postId: evePostId,
        cpmLamports: '1000000000',
        dailyLimitLamports: '100000000',
        budget: { transactionSignature: fakeSignature(), amount: '0.1' },
      }),
    );
    expect(
      await countRows(t, 'select count(*) as n from ad_campaigns where advertiser_id = $1', [
        eve.user.id,
      ]),
    ).toBe(0);
  });

  it('refuses more budget for a campaign', async () => {
    expectRefused(
      await call('POST', '/api/ads/campaigns/1/budget', {
        transactionSignature: fakeSignature(),
        amount: '0.1',
      }),
    );
  });

  it('refuses a vault support', async () => {
    const post = await createdVaultPost(t, frank.headers, '0.3');
    expectRefused(
      await call('POST', `/api/vaults/${post.vault.id}/support`, {
        transactionSignature: fakeSignature(),
        amount: '0.1',
      }),
    );
    expect(
      await countRows(t, 'select count(*) as n from vault_supports where supporter_id = $1', [
        eve.user.id,
      ]),
    ).toBe(0);
  });

  it('refuses joining a mystery vault', async () => {
    const mystery = await createdMystery(t, frank.headers);
    expectRefused(
      await call('POST', `/api/mystery-vaults/${mystery.id}/join`, {
        transactionSignature: fakeSignature(),
        amount: '0.1',
      }),
    );
    expect(
      await countRows(t, 'select count(*) as n from mystery_joins where user_id = $1', [
        eve.user.id,
      ]),
    ).toBe(0);
  });

  it('refuses a direct message and a tip', async () => {
    const url = `/api/conversations/${frank.user.solAddress}/messages`;
    expectRefused(await call('POST', url, { body: 'hello' }));
    expectRefused(
      await call('POST', url, {
        tip: { transactionSignature: fakeSignature(), amount: '100000000' },
      }),
    );
    expect(
      await countRows(t, 'select count(*) as n from direct_messages where sender_id = $1', [
        eve.user.id,
      ]),
    ).toBe(0);
  });

  it("refuses a tip recorded through a blink's callback, where no route check runs", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/actions/profile/${frank.user.solAddress}/confirm?amount=0.1&reference=${generateSigner().address}`,
      payload: { account: eve.user.solAddress, signature: fakeSignature() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toContain('Your account is suspended');
    expect(
      await countRows(t, 'select count(*) as n from direct_messages where sender_id = $1', [
        eve.user.id,
      ]),
    ).toBe(0);
  });

  it("refuses a blink's support or tip transaction before the wallet signs it", async () => {
    const vaultPost = await createdVaultPost(t, frank.headers, '0.3');
    const urls = [
      `/api/actions/vaults/${vaultPost.vault.id}?amount=0.1`,
      `/api/actions/profile/${frank.user.solAddress}?amount=0.1`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { account: eve.user.solAddress },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ message: string }>().message).toContain('Your account is suspended');
    }
    expect(
      await countRows(t, 'select count(*) as n from payment_intents where payer = $1', [
        eve.user.solAddress,
      ]),
    ).toBe(0);
  });

  it('lets her write again once the suspension is lifted', async () => {
    const lift = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/wallets/${eve.user.solAddress}/lift`,
      headers: mod.headers,
      payload: { reason: 'Appeal granted' },
    });
    expect(lift.statusCode).toBe(204);
    const edit = await call('PATCH', '/api/users/me', { bio: 'back' });
    expect(edit.statusCode).toBe(200);
    const post = await createdPost(t, frank.headers, 'likeable again');
    const like = await call('POST', `/api/messages/${post.id}/engage`, { kind: 'like' });
    expect(like.statusCode).toBe(200);
  });
});
