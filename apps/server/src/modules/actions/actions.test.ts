import { MEMO_PROGRAM_ID, type ConversationPage, type VaultDetail } from '@dum/core';
import type {
  ActionGetResponse,
  ActionPostResponse,
  ActionsJson,
  CompletedAction,
  LinkedAction,
} from '@solana/actions';
import { ACTIONS_CORS_HEADERS } from '@solana/actions';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import type { LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import {
  chainUser,
  connectionOf,
  createdVaultPost,
  transfer,
  type ChainUser,
} from '../vaults/test-kit.ts';

const SOL = 1_000_000_000n;
const ORIGIN = 'https://dum.example';

/** The path and query of an absolute URL the actions hand out (on the app's origin). */
function pathOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return parsed.pathname + parsed.search;
}

function expectActionHeaders(res: LightMyRequestResponse, blockchainId: string): void {
  for (const [name, value] of Object.entries(ACTIONS_CORS_HEADERS)) {
    if (name === 'Content-Type') continue;
    expect(res.headers[name.toLowerCase()]).toBe(value);
  }
  expect(res.headers['x-action-version']).toBe('2.4');
  expect(res.headers['x-blockchain-ids']).toBe(blockchainId);
}

describe.each(testDatabaseKinds())('Solana Actions on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;
  let blockchainId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ORIGIN: ORIGIN, ...NO_WRITE_LIMITS }, { localnet: true });
    creator = await chainUser(t);
    const genesis = await connectionOf(t).getGenesisHash();
    blockchainId = `solana:${genesis.slice(0, 32)}`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A wallet with test SOL that has never signed in to the app (a blink user). */
  async function blinkWallet(sol = 5n): Promise<Keypair> {
    const keypair = Keypair.generate();
    await t.ctx.chain.requestAirdrop(keypair.publicKey.toBase58(), sol * SOL);
    return keypair;
  }

  /** Signs the action's transaction as a blink client does (its own blockhash) and sends it. */
  async function signAndSend(post: ActionPostResponse, wallet: Keypair): Promise<string> {
    if (post.type !== 'transaction') throw new Error(`not a transaction: ${post.type}`);
    const connection = connectionOf(t);
    const tx = Transaction.from(Buffer.from(post.transaction, 'base64'));
    expect(tx.signatures.every((s) => s.signature === null)).toBe(true);
    tx.feePayer = wallet.publicKey;
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.sign(wallet);
    // The localnet answers sendTransaction once the transaction is final (confirmed).
    return connection.sendRawTransaction(tx.serialize());
  }

  async function vaultDetail(id: string): Promise<VaultDetail> {
    const res = await t.app.inject({ url: `/api/vaults/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<VaultDetail>();
  }

  it('serves actions.json at the site root with the Actions CORS headers, and its preflight', async () => {
    const res = await t.app.inject({ url: '/actions.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectActionHeaders(res, blockchainId);
    expect(res.json<ActionsJson>().rules).toEqual(
      expect.arrayContaining([
        { pathPattern: '/vaults/*', apiPath: '/api/actions/vaults/*' },
        { pathPattern: '/profile/*', apiPath: '/api/actions/profile/*' },
      ]),
    );
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/actions.json',
      headers: { origin: 'https://dial.to', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expectActionHeaders(preflight, blockchainId);
  });

  it('fetches actions.json, GETs and POSTs the vault action, signs and sends the transaction, and the callback records the support once', async () => {
    const vault = await createdVaultPost(t, creator.headers, '1');
    const vaultId = vault.vault.id;
    const wallet = await blinkWallet();
    const account = wallet.publicKey.toBase58();

    // actions.json maps the vault's page onto its action.
    const rules = (await t.app.inject({ url: '/actions.json' })).json<ActionsJson>().rules;
    const rule = rules.find((r) => r.pathPattern === '/vaults/*');
    const actionPath = rule!.apiPath.replace('*', vaultId);
    expect(actionPath).toBe(`/api/actions/vaults/${vaultId}`);

    const preflight = await t.app.inject({ method: 'OPTIONS', url: actionPath });
    expect(preflight.statusCode).toBe(204);
    expectActionHeaders(preflight, blockchainId);

    const get = await t.app.inject({ url: actionPath });
    expect(get.statusCode).toBe(200);
    expectActionHeaders(get, blockchainId);
    const action = get.json<ActionGetResponse>();
    expect(action).toMatchObject({
      type: 'action',
      label: 'Support Vault',
      // The vault's link card: its progress, in the app's picture.
      icon: `${ORIGIN}/api/cards/vault/${vaultId}.png`,
    });
    expect(action.title).toContain('vault');
    expect(action.description).toContain('locked vibes');
    expect(action.disabled).toBeUndefined();
    const linked: LinkedAction[] = action.links?.actions ?? [];
    expect(linked.map((l) => l.label)).toEqual(['0.05 SOL', '0.1 SOL', '0.5 SOL', 'Support Vault']);
    const custom = linked[3]!;
    expect(custom.href).toBe(`${ORIGIN}/api/actions/vaults/${vaultId}?amount={amount}`);
    expect(custom.parameters).toEqual([
      expect.objectContaining({ name: 'amount', required: true }),
    ]);

    // The icon loads from any page (a blink client's).
    const icon = await t.app.inject({ url: pathOf(action.icon) });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The app's mark stays for the answers that are about no one object.
    const mark = await t.app.inject({ url: '/api/actions/icon.svg' });
    expect(mark.headers['content-type']).toMatch(/^image\/svg\+xml/);

    // The custom amount, filled in as a blink client does.
    const href = custom.href.replace('{amount}', '0.25');
    const post = await t.app.inject({ method: 'POST', url: pathOf(href), payload: { account } });
    expect(post.statusCode).toBe(200);
    expectActionHeaders(post, blockchainId);
    const answer = post.json<ActionPostResponse>();
    expect(answer.type).toBe('transaction');
    expect(answer.links?.next.type).toBe('post');

    // What the wallet is asked to sign: 0.25 SOL to the creator, and a memo naming the vault.
    const tx = Transaction.from(
      Buffer.from((answer as { transaction: string }).transaction, 'base64'),
    );
    expect(tx.feePayer?.toBase58()).toBe(account);
    const [transferIx, memoIx] = tx.instructions;
    expect(transferIx!.programId.equals(SystemProgram.programId)).toBe(true);
    // The intent's reference rides on the transfer, read-only and not a signer.
    const reference = (answer as unknown as { reference: string }).reference;
    expect(transferIx!.keys.map((k) => k.pubkey.toBase58())).toEqual([
      account,
      creator.address,
      reference,
    ]);
    expect(transferIx!.keys[2]).toMatchObject({ isSigner: false, isWritable: false });
    expect((answer.links?.next as { href: string }).href).toContain(`reference=${reference}`);
    expect(transferIx!.data.readBigUInt64LE(4)).toBe(SOL / 4n);
    expect(memoIx!.programId.toBase58()).toBe(MEMO_PROGRAM_ID);
    expect(memoIx!.data.toString('utf8')).toContain(`vault ${vaultId}`);

    // Nothing is recorded before the wallet sends it and the client calls back.
    expect((await vaultDetail(vaultId)).currentAmount).toBe('0');

    const signature = await signAndSend(answer, wallet);
    const next = answer.links!.next;
    if (next.type !== 'post') throw new Error('expected a post callback');
    const callback = await t.app.inject({
      method: 'POST',
      url: pathOf(next.href),
      payload: { account, signature },
    });
    expect(callback.statusCode).toBe(200);
    expectActionHeaders(callback, blockchainId);
    expect(callback.json<CompletedAction>()).toMatchObject({
      type: 'completed',
      title: 'Vault Supported!',
      description: 'Successfully vaulted 0.25 SOL on-chain!',
    });

    // The wallet never signed in here: its support counts, as an anonymous payer's (no user).
    const detail = await vaultDetail(vaultId);
    expect(detail.currentAmount).toBe((SOL / 4n).toString());
    expect(detail.supporterCount).toBe(1);
    const { rows } = await t.ctx.database.pool.query(`select 1 from users where sol_address = $1`, [
      account,
    ]);
    expect(rows).toHaveLength(0);

    // The client calling back twice records it once.
    const again = await t.app.inject({
      method: 'POST',
      url: pathOf(next.href),
      payload: { account, signature },
    });
    expect(again.statusCode).toBe(200);
    expect((await vaultDetail(vaultId)).currentAmount).toBe((SOL / 4n).toString());
  });

  it('refuses a callback whose transfer does not carry its reference or does not match, creating no user and recording nothing', async () => {
    const vault = await createdVaultPost(t, creator.headers, '1');
    const vaultId = vault.vault.id;
    const wallet = await blinkWallet();
    const account = wallet.publicKey.toBase58();
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/actions/vaults/${vaultId}?amount=0.5`,
      payload: { account },
    });
    const answer = post.json<ActionPostResponse & { reference: string }>();
    const callbackUrl = pathOf((answer.links!.next as { href: string }).href);
    // A real plain transfer of the amount to the creator: not this intent's payment.
    const plain = await transfer(t, wallet, creator.address, SOL / 2n);
    const res = await t.app.inject({
      method: 'POST',
      url: callbackUrl,
      payload: { account, signature: plain },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'That transaction does not carry the reference of this payment.',
    });
    expectActionHeaders(res, blockchainId);

    // The intent's transaction, claimed by another wallet: not its payer.
    const signature = await signAndSend(answer, wallet);
    const other = (await blinkWallet(1n)).publicKey.toBase58();
    const stolen = await t.app.inject({
      method: 'POST',
      url: callbackUrl,
      payload: { account: other, signature },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ message: 'That transfer was not sent from your wallet.' });

    // The same transaction claimed for another amount: bound elsewhere.
    const otherAmount = await t.app.inject({
      method: 'POST',
      url: callbackUrl.replace('amount=0.5', 'amount=0.1'),
      payload: { account, signature },
    });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json()).toEqual({ message: 'That transaction pays for something else.' });

    for (const address of [account, other]) {
      const { rows } = await t.ctx.database.pool.query(
        `select 1 from users where sol_address = $1`,
        [address],
      );
      expect(rows).toHaveLength(0);
    }
    expect((await vaultDetail(vaultId)).currentAmount).toBe('0');
  });

  it('answers bad requests with a 4xx { message } and the headers, and describes closed vaults as disabled', async () => {
    const vault = await createdVaultPost(t, creator.headers, '0.01');
    const vaultId = vault.vault.id;
    const account = Keypair.generate().publicKey.toBase58();
    const cases: Array<[string, string, unknown, number, string]> = [
      ['GET', '/api/actions/vaults/999999', undefined, 404, 'This vault does not exist.'],
      ['GET', '/api/actions/vaults/abc', undefined, 404, 'This vault does not exist.'],
      ['GET', '/api/actions/nothing', undefined, 404, 'No such API endpoint.'],
      [
        'POST',
        `/api/actions/vaults/${vaultId}?amount=0.1`,
        { account: 'not-a-wallet' },
        400,
        'The account must be a Solana wallet address (base58, 32 bytes).',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}?amount=0.1`,
        {},
        400,
        'The account must be a Solana wallet address (base58, 32 bytes).',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}`,
        { account },
        400,
        'Enter an amount in SOL, such as 0.1.',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}?amount=lots`,
        { account },
        400,
        'Enter an amount in SOL, such as 0.1.',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}?amount=0.001`,
        { account },
        400,
        'Minimum vault amount is 0.01 SOL',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}?amount=0.1`,
        { account: creator.address },
        403,
        'You cannot support your own vault.',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}/confirm?amount=0.1`,
        { account },
        400,
        'Missing required data for vault support',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}/confirm?amount=0.1`,
        { account, signature: 'nope' },
        400,
        'This callback needs the reference of the transaction the action built.',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}/confirm?amount=0.1&reference=nope`,
        { account, signature: 'nope' },
        400,
        'This callback needs the reference of the transaction the action built.',
      ],
      [
        'POST',
        `/api/actions/vaults/${vaultId}/confirm?amount=0.1&reference=${account}`,
        { account, signature: 'nope' },
        404,
        'This action did not build a transaction with that reference.',
      ],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect({ url, status: res.statusCode, body: res.json<unknown>() }).toEqual({
        url,
        status,
        body: { message },
      });
      expectActionHeaders(res, blockchainId);
    }

    // Unlocked by a support in the app: the action is shown, disabled, and POST refuses.
    const fan = await chainUser(t, 2n);
    const signature = await transfer(t, fan.keypair, creator.address, SOL / 100n);
    const supported = await t.app.inject({
      method: 'POST',
      url: `/api/vaults/${vaultId}/support`,
      headers: fan.headers,
      payload: { transactionSignature: signature, amount: '0.01' },
    });
    expect(supported.statusCode).toBe(200);
    const closed = (
      await t.app.inject({ url: `/api/actions/vaults/${vaultId}` })
    ).json<ActionGetResponse>();
    expect(closed.disabled).toBe(true);
    expect(closed.error?.message).toBe(
      'This vault is already unlocked and no longer takes support.',
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/actions/vaults/${vaultId}?amount=0.1`,
      payload: { account },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This vault is already unlocked and no longer takes support.',
    });
  });

  it('tips a profile: GET, POST, sign and send, and the callback records it as a tip message to the creator', async () => {
    const rules = (await t.app.inject({ url: '/actions.json' })).json<ActionsJson>().rules;
    const rule = rules.find((r) => r.pathPattern === '/profile/*');
    const actionPath = rule!.apiPath.replace('*', creator.address);

    const action = (await t.app.inject({ url: actionPath })).json<ActionGetResponse>();
    expect(action).toMatchObject({ type: 'action', label: 'Send Tip' });
    const first = action.links!.actions[0]!;
    expect(first.label).toBe('0.01 SOL');

    const wallet = await blinkWallet();
    const account = wallet.publicKey.toBase58();
    const post = await t.app.inject({
      method: 'POST',
      url: pathOf(first.href),
      payload: { account },
    });
    expect(post.statusCode).toBe(200);
    const answer = post.json<ActionPostResponse>();
    const tx = Transaction.from(
      Buffer.from((answer as { transaction: string }).transaction, 'base64'),
    );
    expect(tx.instructions[0]!.keys.map((k) => k.pubkey.toBase58())).toEqual([
      account,
      creator.address,
      (answer as unknown as { reference: string }).reference,
    ]);
    expect(tx.instructions[1]!.data.toString('utf8')).toContain(creator.address);

    const signature = await signAndSend(answer, wallet);
    const next = answer.links!.next;
    if (next.type !== 'post') throw new Error('expected a post callback');
    const done = await t.app.inject({
      method: 'POST',
      url: pathOf(next.href),
      payload: { account, signature },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<CompletedAction>()).toMatchObject({ type: 'completed', title: 'Tip sent!' });

    // The tipper never signed in here: an anonymous payment, no message in its name.
    const inbox = await t.app.inject({ url: '/api/conversations', headers: creator.headers });
    expect(
      inbox.json<ConversationPage>().items.find((c) => c.peer.solAddress === account),
    ).toBeUndefined();

    // A signed-in tipper's blink tip is a tip message, as in the app.
    const fan = await chainUser(t, 1n);
    const fanPost = await t.app.inject({
      method: 'POST',
      url: pathOf(first.href),
      payload: { account: fan.address },
    });
    const fanAnswer = fanPost.json<ActionPostResponse>();
    const fanSignature = await signAndSend(fanAnswer, fan.keypair);
    const fanNext = fanAnswer.links!.next;
    const fanDone = await t.app.inject({
      method: 'POST',
      url: pathOf((fanNext as { href: string }).href),
      payload: { account: fan.address, signature: fanSignature },
    });
    expect(fanDone.statusCode).toBe(200);
    const conversation = (
      await t.app.inject({ url: '/api/conversations', headers: creator.headers })
    )
      .json<ConversationPage>()
      .items.find((c) => c.peer.solAddress === fan.address);
    expect(conversation?.lastMessage.tip).toMatchObject({
      amount: (SOL / 100n).toString(),
      transactionSignature: fanSignature,
    });

    // Its signature pays once: not again for a vault support.
    const vault = await createdVaultPost(t, creator.headers, '1');
    const reuse = await t.app.inject({
      method: 'POST',
      url: `/api/vaults/${vault.vault.id}/support`,
      headers: fan.headers,
      payload: { transactionSignature: fanSignature, amount: '0.01' },
    });
    expect(reuse.statusCode).toBe(409);

    // A wallet the creator blocked gets no transaction (its SOL would move for nothing).
    const blocked = await chainUser(t);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${blocked.address}`,
      headers: creator.headers,
    });
    expect(block.statusCode).toBeLessThan(300);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${actionPath}?amount=0.1`,
      payload: { account: blocked.address },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You cannot interact with this user.' });

    // Tipping yourself, or a wallet with no profile, is refused.
    const self = await t.app.inject({
      method: 'POST',
      url: `${actionPath}?amount=0.1`,
      payload: { account: creator.address },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot tip your own wallet.' });
    const nobody = await t.app.inject({
      url: `/api/actions/profile/${Keypair.generate().publicKey.toBase58()}`,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'No Dum Club user has this wallet.' });
  });
});

describe('actions.json beside the built SPA', () => {
  it('is answered by its route, never by the history fallback, and a vault page still gets the SPA', async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'dum-actions-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Dum Club</title>');
    const t = await createTestApp('pglite', { WEB_DIST: webDist });
    try {
      const res = await t.app.inject({ url: '/actions.json', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      // No cluster answers in this app: the answer goes out without the cluster's id.
      expect(res.headers['x-blockchain-ids']).toBeUndefined();
      expect(res.json<ActionsJson>().rules.length).toBeGreaterThan(0);
      const page = await t.app.inject({ url: '/vaults/1', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Dum Club</title>');
    } finally {
      await t.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
