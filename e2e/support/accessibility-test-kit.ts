import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The axe-core rule tags of WCAG 2.2 level A and AA (2.0, 2.1 and 2.2 success criteria). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** axe's violations as lines a person can act on: the rule, then each element and why. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const why = (node.failureSummary ?? '').split('\n').map((line) => `        ${line}`);
        return [
          `    - ${node.target.map(String).join(' > ')}`,
          `      ${node.html.slice(0, 240)}`,
          ...why,
        ].join('\n');
      });
      return [
        `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...nodes,
      ].join('\n');
    })
    .join('\n');
}

/**
 * Waits until the page has stopped changing the way an axe run would notice: no skeleton or
 * busy region, and every finite animation (a dialog's fade-in, a toast's slide) finished, so
 * colour contrast is measured on the final colours rather than halfway through a fade.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const busy = document.querySelector('.skeleton, [aria-busy="true"]');
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            );
          return busy ? `busy: ${busy.outerHTML.slice(0, 200)}` : moving ? 'animating' : 'settled';
        }),
      { timeout: 15_000 },
    )
    .toBe('settled');
}

/**
 * Runs axe with the WCAG 2.2 AA rules on the settled page (or only inside `include`, a CSS
 * selector such as an open dialog's) and answers its violations, readably, headed by `where`;
 * an empty string when there is none.
 */
export async function axeReport(page: Page, where: string, include?: string): Promise<string> {
  // axe measures targets where they stand on screen, and a link that scrolling left under the
  // sticky header's buttons reads as too small to hit. From the top of the page nothing lies
  // under the header, so the answer no longer depends on where the last click scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  // axe-core's own run, in the page itself: the app has no frames. Its source (half a megabyte)
  // goes into a document once, so a walk by in-app navigation (routes-test-kit's walkTo) pays
  // for it once, not on every route as @axe-core/playwright's AxeBuilder does. Only the
  // violations are read, so axe details no other result.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, selector }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { tags: [...WCAG_22_AA], selector: include },
  );
  if (violations.length === 0) return '';
  return `${where}: ${violations.length} axe violation(s)\n${formatViolations(violations)}\n`;
}
