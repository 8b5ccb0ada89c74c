import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import {
  DESKTOP,
  openPage,
  saveScreenshotIfAsked,
  watchForToast,
} from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
} from './support/feed-page-test-kit.ts';
import { expectFocusOn, tabTo } from './support/keyboard-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Replies and who may reply in Chromium, two burner wallets in two browsers (a 1440 px desktop
 * and a 390 px phone): the phone comments on the desktop's post; the desktop answers by keyboard
 * (Tab to Reply, type, Enter) and the phone is told live ('New Reply'); the phone opens the
 * thread and answers the reply, which shows "Replying to", and the desktop is told in turn. Then
 * the desktop posts with "People you follow" picked by keyboard, and the phone reads who can reply
 * before typing and is refused. axe finds nothing on either thread.
 */

const PHONE_390 = { width: 390, height: 844 } as const;
const POST_TEXT = 'Threads are back';
const LIMITED_TEXT = 'Only my people reply here';

describe('replies in the browser', () => {
  const suite = serverAndBrowserForSuite();

  it('a thread answered by keyboard, told live, a reply to a reply, and who may reply', async () => {
    const desk = await openPage(suite.browser, DESKTOP);
    const phone = await openPage(suite.browser, PHONE_390);
    const deskKey = newBurnerWalletKey();
    const phoneKey = newBurnerWalletKey();

    await signInWithBurnerKey(desk.page, suite.origin + '/', deskKey);
    await composerText(desk.page).fill(POST_TEXT);
    await composer(desk.page).getByRole('button', { name: 'Post' }).click();
    await postCard(desk.page, POST_TEXT).waitFor();

    // The phone comments on it.
    await signInWithBurnerKey(phone.page, suite.origin + '/', phoneKey);
    const phoneCard = postCard(phone.page, POST_TEXT);
    await phoneCard.waitFor({ timeout: 15_000 });
    await phoneCard.getByRole('button', { name: /^Comment, / }).click();
    const box = phoneCard.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('Which threads?');
    await box.press('Enter');
    await phoneCard.getByText('Which threads?').waitFor();
    await expect.poll(() => phoneCard.getByText('Sending…').count()).toBe(0);

    // The desktop answers it by keyboard alone.
    await desk.page.reload();
    const deskCard = postCard(desk.page, POST_TEXT);
    const toggle = deskCard.getByRole('button', { name: /^Comment, / });
    await toggle.focus();
    await desk.page.keyboard.press('Enter');
    const reply = deskCard.getByRole('button', { name: /^Reply to / });
    await tabTo(desk.page, reply);
    await desk.page.keyboard.press('Enter');
    const replyBox = deskCard.getByRole('textbox', { name: /^Reply to / });
    await expectFocusOn(replyBox, 'the reply box');
    await desk.page.keyboard.type('These ones.');
    const replyToast = watchForToast(phone.page, 'New Reply');
    await desk.page.keyboard.press('Enter');
    const deskReplies = deskCard.getByRole('list', { name: 'Replies' });
    await deskReplies.getByText('These ones.').waitFor();
    expect(await deskCard.getByRole('button', { name: /^Comment, / }).textContent()).toBe('2');

    // The phone is told without a reload, and opens the thread.
    await replyToast;
    const toasts = phone.page.getByRole('region', { name: /Notifications/ });
    // The bell lists it; its item leads to the post.
    await phone.page
      .getByRole('button', { name: /^Notifications, 1 unread/ })
      .filter({ visible: true })
      .click();
    const item = phone.page.getByRole('dialog').getByRole('link', { name: /New Reply/ });
    expect(await item.getAttribute('href')).toMatch(/^\/posts\/\d+$/);
    await saveScreenshotIfAsked(phone.page, 'replies-notification-phone');
    await phone.page.keyboard.press('Escape');
    await expect.poll(() => phone.page.getByRole('dialog').count()).toBe(0);
    await phoneCard.getByRole('button', { name: 'View 1 reply' }).click();
    const phoneReplies = phoneCard.getByRole('list', { name: 'Replies' });
    await phoneReplies.getByText('These ones.').waitFor();
    // It answers the reply: filed under the same comment, with the "replying to" line.
    await phoneReplies.getByRole('button', { name: /^Reply to / }).click();
    await phoneCard.getByRole('textbox', { name: /^Reply to / }).fill('Nice.');
    await phone.page.keyboard.press('Enter');
    await phoneReplies.getByText('Nice.').waitFor();
    await phoneReplies.getByText('Replying to').waitFor();
    await saveScreenshotIfAsked(phone.page, 'replies-thread-phone');
    // The 'New Reply' toast waits while the phone's window is in the background (Radix pauses
    // it), and whatever it happens to float over would be measured as covered.
    await toasts.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => toasts.getByText('New Reply', { exact: true }).count()).toBe(0);
    expect(await axeReport(phone.page, 'thread, 390 px')).toBe('');

    await deskCard.getByRole('button', { name: 'Hide replies' }).click();
    await deskCard.getByRole('button', { name: 'View 2 replies' }).click({ timeout: 20_000 });
    await deskReplies.getByText('Nice.').waitFor();
    // The phone's answer tells the desktop live too, and its toast fades in and out whenever the
    // socket brings it: axe measuring the page mid-fade reads the text at part of its colour. The
    // bell counts it in the same step as the toast shows, so once the bell has it the toast is
    // dismissed here, unless it already closed by itself (five seconds on screen).
    await desk.page
      .getByRole('button', { name: /^Notifications, 1 unread/ })
      .filter({ visible: true })
      .waitFor({ timeout: 20_000 });
    const deskToasts = desk.page.getByRole('region', { name: /Notifications/ });
    const dismiss = deskToasts.getByRole('button', { name: 'Dismiss notification' });
    await expect
      .poll(async () => {
        // A toast closing by itself between the count and the click leaves nothing to click.
        if (await dismiss.count())
          await dismiss
            .first()
            .click({ timeout: 2000 })
            .catch(() => undefined);
        return deskToasts.getByText('New Reply', { exact: true }).count();
      })
      .toBe(0);
    await saveScreenshotIfAsked(desk.page, 'replies-thread-desktop');
    expect(await axeReport(desk.page, 'thread, 1440 px')).toBe('');

    // Who may reply, picked by keyboard in the composer.
    await desk.page.goto(suite.origin + '/');
    await composerText(desk.page).fill(LIMITED_TEXT);
    const picker = composer(desk.page).getByRole('combobox', { name: 'Who can reply' });
    await tabTo(desk.page, picker);
    await desk.page.keyboard.press('ArrowDown');
    expect(await picker.inputValue()).toBe('following');
    await saveScreenshotIfAsked(desk.page, 'reply-policy-composer-desktop');
    expect(await axeReport(desk.page, 'composer, 1440 px', '[data-testid="composer"]')).toBe('');
    await composer(desk.page).getByRole('button', { name: 'Post' }).click();
    await postCard(desk.page, LIMITED_TEXT).waitFor();

    // The phone reads who can reply before typing, and is refused (it is not followed).
    await phone.page.reload();
    const limited = postCard(phone.page, LIMITED_TEXT);
    await limited.waitFor({ timeout: 15_000 });
    await limited.getByRole('button', { name: /^Comment, / }).click();
    await limited.getByText(/^Only people .+ follows can reply\.$/).waitFor();
    await limited.getByRole('textbox', { name: 'Write a comment' }).fill('Can I?');
    await limited.getByRole('button', { name: 'Post comment' }).click();
    await toasts.getByText('The author limited who can reply to this post.').waitFor();
    await saveScreenshotIfAsked(phone.page, 'reply-policy-note-phone');
    expect(await limited.getByRole('button', { name: /^Comment, / }).textContent()).toBe('0');

    expect(desk.errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    expect(phone.errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await desk.context.close();
    await phone.context.close();
  }, 120_000);
});
