import { AxeBuilder } from '@axe-core/playwright';
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
  await settled(page);
  // axe.run in the page itself: the app has no frames, and the default (runPartial per frame,
  // then finishRun in a new blank page) costs a page per run. Only the violations are read, so
  // axe details no other result (about 6% of a run's time).
  // options() replaces every option, withTags' rule set with them: so it comes first.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags([...WCAG_22_AA])
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  if (violations.length === 0) return '';
  return `${where}: ${violations.length} axe violation(s)\n${formatViolations(violations)}\n`;
}
