import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Driving a page by keyboard alone: Tab until an element has focus, checking each stop. */

/** What has focus, as a short description for a failing test's message. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name =
      element.getAttribute('aria-label') ??
      element.textContent.trim().replace(/\s+/g, ' ').slice(0, 60);
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${name}`;
  });
}

/**
 * Whether the focused element shows that it has focus: an outline or a ring (box-shadow) is
 * drawn, and the element is on screen with a size (not a clipped, visually hidden element).
 * Answers null when it does, else what is wrong.
 */
export function focusIndicatorProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing has focus';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const box = element.getBoundingClientRect();
    const shown = box.width > 1 && box.height > 1 && style.visibility !== 'hidden';
    if (!shown) return 'focus is on an element that is not shown';
    return outline || ring ? null : 'no outline or ring';
  });
}

export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, at most `max` times;
 * every element focus stops on along the way must show a focus indicator.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  await target.waitFor();
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const problem = await focusIndicatorProblem(page);
    const where = await describeFocus(page);
    stops.push(where);
    expect(problem, `focus indicator of ${where} (stops: ${stops.join(' → ')})`).toBeNull();
    if (await hasFocus(target)) return;
  }
  throw new Error(
    `${max} presses of Tab did not reach ${String(target)}; stops:\n${stops.join('\n')}`,
  );
}

/** Waits until `target` has focus (after a dialog closes, focus moves back a moment later). */
export async function expectFocusOn(target: Locator, what: string): Promise<void> {
  await expect.poll(() => hasFocus(target), { message: `focus on ${what}` }).toBe(true);
}

/**
 * Records, from the page's first script on, every text that appears in a polite or assertive
 * live region (where each toast is announced), so a test can ask afterwards what a screen
 * reader was told.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { announcements: string[] }).announcements = heard;
    const live = '[aria-live="polite"], [aria-live="assertive"]';
    new MutationObserver((records) => {
      for (const record of records) {
        const target =
          record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(live);
        const text = region?.textContent.trim();
        if (text && heard.at(-1) !== text) heard.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Everything announced so far (see recordAnnouncements), one entry per change. */
export function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { announcements: string[] }).announcements);
}
