import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newTestContext } from './support/browser-test-kit.ts';
import { callApi, dumBox, signInWithTestWallet } from './support/economy-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';
import { installTestWallet, type TestWallet } from './support/wallet-test-kit.ts';

/**
 * The token economy in Chromium against the production server (fresh database and
 * localnet), signed in with the Wallet Standard test wallet: Platform Stats and Live Activity
 * following a post, the 'Manage DUM Tokens' dialog's rules one by one, and a referral link
 * signing up a second wallet, with both balances moving by the referral rewards' amounts.
 */

const STAKE_MESSAGES = {
  unparsable: 'Please enter a valid numeric amount.',
  invalidFormat: 'Invalid Format: Please enter a valid amount with up to 9 decimal places.',
  invalidAmount: 'Invalid Amount: Amount must be greater than 0.',
};

interface Session {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | null;
  errors: string[];
}

function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

function stats(page: Page): Locator {
  return page.getByTestId('platform-stats');
}

function activity(page: Page): Locator {
  return page.getByTestId('live-activity');
}

async function post(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('composer');
  await composer.getByRole('textbox').fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await page.getByTestId('post-card').filter({ hasText: text }).first().waitFor();
}

describe('the token economy', () => {
  const suite = serverAndBrowserForSuite();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
  });

  async function open(options: {
    wallet: boolean;
    viewport?: { width: number; height: number };
    path?: string;
  }): Promise<Session> {
    const context = await newTestContext(suite.browser, { viewport: options.viewport ?? DESKTOP });
    contexts.push(context);
    const wallet = options.wallet ? await installTestWallet(context) : null;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(suite.origin + (options.path ?? '/'));
    await page.locator('main h1').first().waitFor({ state: 'attached' });
    return { context, page, wallet, errors };
  }

  async function signedIn(path = '/'): Promise<Session & { wallet: TestWallet }> {
    const session = await open({ wallet: true, path });
    if (!session.wallet) throw new Error('no wallet');
    await signInWithTestWallet(session.page);
    return { ...session, wallet: session.wallet };
  }

  it('Platform Stats and Live Activity follow a post, for the poster and for a visitor on a phone', async () => {
    const visitor = await open({ wallet: false, viewport: PHONE });
    // On a phone the cards sit between the composer and the posts.
    await stats(visitor.page).getByTestId('stat-total-vibes').waitFor();
    const vibesBefore = Number(
      await stats(visitor.page).getByTestId('stat-total-vibes').textContent(),
    );
    expect(await stats(visitor.page).getByTestId('stat-current-reward').textContent()).toBe('150');
    expect(await stats(visitor.page).getByTestId('stat-supply-max').textContent()).toBe('21M max');
    // Signed-out visitors see no Invite & Earn card.
    expect(await visitor.page.getByTestId('referral-card').count()).toBe(0);

    const poster = await signedIn();
    await stats(poster.page).getByTestId('stat-total-vibes').waitFor();
    await post(poster.page, 'mining my first vibe for the stats card');

    // The poster's own page: the card and the feed refresh within one activity poll (10 s).
    const newest = activity(poster.page).getByTestId('activity-item').first();
    await expect
      .poll(() => newest.textContent(), { timeout: 20_000 })
      .toMatch(/posted a vibe · \+150 DUM\d+s ago$/);
    expect(await newest.getAttribute('data-type')).toBe('post_created');
    expect(await newest.getByRole('img').getAttribute('aria-label')).toBe('New post');
    await expect
      .poll(() => stats(poster.page).getByTestId('stat-total-vibes').textContent(), {
        timeout: 20_000,
      })
      .toBe(String(vibesBefore + 1));
    expect(await stats(poster.page).getByTestId('stat-next-halving').textContent()).toBe('70K');
    // The poster's DUM box shows the reward.
    await expect
      .poll(() => dumBox(poster.page), { timeout: 20_000 })
      .toEqual(['150 DUM', '0 DUM', '0 DUM']);

    // The visitor, who did nothing, sees it arrive by polling.
    await expect
      .poll(() => activity(visitor.page).getByTestId('activity-item').first().textContent(), {
        timeout: 20_000,
      })
      .toMatch(/posted a vibe · \+150 DUM/);
    await expect
      .poll(() => stats(visitor.page).getByTestId('stat-total-vibes').textContent(), {
        timeout: 20_000,
      })
      .toBe(String(vibesBefore + 1));
    expect(visitor.errors).toEqual([]);
    expect(poster.errors).toEqual([]);
  });

  it("'Manage DUM Tokens': the validation messages one by one, stake, unstake and the server's own check", async () => {
    const { page, errors } = await signedIn();
    await post(page, 'earning something to stake');
    const box = page.getByRole('region', { name: 'DUM Token' });
    await expect
      .poll(() => dumBox(page), { timeout: 20_000 })
      .toEqual(['150 DUM', '0 DUM', '0 DUM']);

    await box.getByRole('button', { name: 'Stake Tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage DUM Tokens' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('stake-available').textContent()).toContain('150');
    expect(await dialog.getByTestId('stake-staked').textContent()).toContain('0');
    const amount = dialog.getByLabel('Amount to stake');
    const confirm = dialog.getByRole('button', { name: 'Stake Tokens' });
    const alert = dialog.getByRole('alert');

    // Submit is disabled when empty, 0 or less.
    expect(await confirm.isDisabled()).toBe(true);
    for (const text of ['0', '0.000', '-5']) {
      await amount.fill(text);
      expect(await confirm.isDisabled(), text).toBe(true);
    }

    await amount.fill('abc');
    await confirm.click();
    expect(await alert.textContent()).toBe(STAKE_MESSAGES.unparsable);

    await amount.fill('1.0000000001');
    await confirm.click();
    expect(await alert.textContent()).toBe(STAKE_MESSAGES.invalidFormat);

    await amount.fill('150.000000001');
    await confirm.click();
    expect(await alert.textContent()).toBe(
      'Insufficient Balance: You only have 150 DUM tokens available to stake.',
    );

    await dialog.getByRole('button', { name: 'Unstake' }).click();
    await dialog.getByLabel('Amount to unstake').fill('1');
    await dialog.getByRole('button', { name: 'Unstake Tokens' }).click();
    expect(await alert.textContent()).toBe(
      'Insufficient Balance: You only have 0 DUM tokens available to unstake.',
    );

    // The server applies the same rules (the dialog never sends 0: its button is disabled).
    const zero = await callApi(page, 'POST', '/api/users/stake', { amount: '0', action: 'stake' });
    expect(zero).toEqual({
      status: 400,
      body: { error: { code: 'invalid_amount', message: STAKE_MESSAGES.invalidAmount } },
    });

    // Max fills the full balance to 9 decimals; staking it closes the dialog.
    await dialog.getByRole('button', { name: 'Stake', exact: true }).click();
    await dialog.getByRole('button', { name: 'Max' }).click();
    expect(await amount.inputValue()).toBe('150.000000000');
    await confirm.click();
    await toasts(page).getByText('Tokens Staked!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => dumBox(page))
      .toEqual(['0 DUM', '150 DUM', expect.stringMatching(/ DUM$/)]);

    // Reopened: the amount is cleared and the mode is back to stake.
    await box.getByRole('button', { name: 'Stake Tokens' }).click();
    expect(await dialog.getByLabel('Amount to stake').inputValue()).toBe('');
    expect(
      await dialog.getByRole('button', { name: 'Stake', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await dialog.getByRole('button', { name: 'Unstake' }).click();
    await dialog.getByLabel('Amount to unstake').fill('50');
    await dialog.getByRole('button', { name: 'Unstake Tokens' }).click();
    await toasts(page).getByText('Tokens Unstaked!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => dumBox(page))
      .toEqual(['50 DUM', '100 DUM', expect.stringMatching(/ DUM$/)]);

    // /rewards: the position, and Claim mints what the stake has accrued into the balance.
    await page.getByRole('link', { name: 'Rewards and history' }).click();
    const staking = page.getByRole('region', { name: 'Staking' });
    await staking.getByTestId('rewards-staked').waitFor();
    expect(await staking.getByTestId('rewards-staked').textContent()).toBe('100 DUM');
    await expect.poll(() => staking.getByRole('button', { name: 'Claim' }).isEnabled()).toBe(true);
    await staking.getByRole('button', { name: 'Claim' }).click();
    await toasts(page).getByText('Rewards Claimed!').waitFor();
    const earnings = page.getByRole('region', { name: 'Earnings' });
    await expect
      .poll(() => earnings.getByTestId('earning-row').first().getAttribute('data-kind'))
      .toBe('staking_reward');
    expect(await earnings.getByTestId('earning-row').last().textContent()).toContain(
      'Post · Vibe #',
    );
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it('a referral link signs up a second wallet; both balances move by the Genesis amounts', async () => {
    const referrer = await signedIn();
    const card = referrer.page.getByTestId('referral-card');
    await card.getByTestId('genesis-banner').waitFor();
    expect(await card.getByTestId('referral-reward-referrer').textContent()).toBe('200');
    expect(await card.getByTestId('referral-reward-friend').textContent()).toBe('100');
    expect(await card.getByTestId('referral-total').textContent()).toBe('0');
    const link = await card.getByLabel('Your referral link').inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/\?ref=[A-Z2-9]{8}$/);

    await referrer.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.origin,
    });
    await card.getByRole('button', { name: 'Copy' }).click();
    await toasts(referrer.page).getByText('Referral link copied to clipboard').waitFor();
    expect(await toasts(referrer.page).getByText('Copied!').isVisible()).toBe(true);
    expect(await referrer.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The referrer has earned once already, so the bonus shows on top of a known balance.
    await post(referrer.page, 'inviting a friend to Dum Club');
    await expect
      .poll(() => dumBox(referrer.page), { timeout: 20_000 })
      .toEqual(['150 DUM', '0 DUM', '0 DUM']);

    // The friend arrives through the link and signs in there.
    const friend = await open({
      wallet: true,
      path: new URL(link).pathname + new URL(link).search,
    });
    expect(await friend.page.evaluate(() => localStorage.getItem('dum.ref'))).toBe(
      new URL(link).searchParams.get('ref'),
    );
    await signInWithTestWallet(friend.page);
    await expect.poll(() => dumBox(friend.page)).toEqual(['0 DUM', '0 DUM', '0 DUM']);

    // The friend's first rewarded event pays 150 DUM for the post and 2 x 50 DUM welcome bonus…
    await post(friend.page, 'here thanks to a friend');
    await expect
      .poll(() => dumBox(friend.page), { timeout: 20_000 })
      .toEqual(['250 DUM', '0 DUM', '0 DUM']);
    // …and 2 x 100 DUM to the referrer, whose page picks it up from Live Activity.
    await expect
      .poll(() => dumBox(referrer.page), { timeout: 25_000 })
      .toEqual(['350 DUM', '0 DUM', '0 DUM']);
    await expect
      .poll(() => card.getByTestId('referral-total').textContent(), { timeout: 25_000 })
      .toBe('1');
    expect(await card.getByTestId('referral-earned').textContent()).toBe('200');

    // A second post by the friend pays no second bonus.
    await post(friend.page, 'and one more');
    await expect
      .poll(() => dumBox(friend.page), { timeout: 20_000 })
      .toEqual(['400 DUM', '0 DUM', '0 DUM']);
    const referrerAccount = await callApi(
      referrer.page,
      'GET',
      `/api/users/${referrer.wallet.address}`,
    );
    expect(referrerAccount.body).toMatchObject({ balance: '350000000000' });

    // The referrer's ledger on /rewards lists the bonus.
    await referrer.page.goto(suite.origin + '/rewards');
    const earnings = referrer.page.getByRole('region', { name: 'Earnings' });
    await earnings.getByTestId('earning-row').first().waitFor();
    const bonus = earnings.locator('[data-testid="earning-row"][data-kind="referral_referrer"]');
    expect(await bonus.textContent()).toContain('Referral bonus');
    expect(await bonus.textContent()).toContain('+200 DUM');
    expect(referrer.errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
