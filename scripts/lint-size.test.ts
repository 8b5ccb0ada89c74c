import { afterEach, describe, expect, it } from 'vitest';
import { lintScratch, removeScratch, type LintFinding } from './lint-test-kit.ts';

/**
 * The size rules in eslint.config.js (docs/style.md: files up to 600 lines, functions up to 80),
 * proved on scratch files written into the server's tree and linted with the project's own
 * configuration.
 */
afterEach(removeScratch);

const SIZE_RULES = ['max-lines'];

function sizeRules(found: LintFinding[]): (string | null)[] {
  return found.map((item) => item.rule).filter((rule) => rule?.startsWith('max-lines'));
}

/** A module of `lines` lines, every other one a comment: comments count toward a file's size. */
function moduleOfLines(lines: number): string {
  return Array.from({ length: lines }, (_, i) =>
    i % 2 === 0 ? `// Line ${i}.` : `export const line${i} = ${i};`,
  ).join('\n');
}

/** A function of `code` lines of code, with a comment and a blank line after each statement. */
function functionOfLines(code: number, reason?: string): string {
  const statements = Array.from({ length: code - 4 }, () => '  n += 1;\n  // Once more.\n');
  const directive = reason
    ? `// eslint-disable-next-line max-lines-per-function -- ${reason}\n`
    : '';
  return `${directive}export function probe(): number {\n  let n = 0;\n${statements.join('\n')}  return n;\n}\n`;
}

describe('lint keeps the sizes', () => {
  it('fails a production file over 600 lines, comments counted', async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-600-<tag>.ts': `${moduleOfLines(600)}\n`,
        'apps/server/src/modules/feed/lint-probe-601-<tag>.ts': `${moduleOfLines(601)}\n`,
      },
      SIZE_RULES,
    );
    expect(found.filter((item) => item.rule === 'max-lines').map((item) => item.file)).toEqual([
      expect.stringContaining('lint-probe-601-'),
    ]);
  });

  it('passes a test file over 600 lines', async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-<tag>.test.ts': `${moduleOfLines(700)}\n`,
      },
      SIZE_RULES,
    );
    expect(sizeRules(found)).toEqual([]);
  });

  it('fails a server function over 80 lines of code, not counting comments or blank lines', async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-80-<tag>.ts': functionOfLines(80),
        'apps/server/src/modules/feed/lint-probe-81-<tag>.ts': functionOfLines(81),
      },
      SIZE_RULES,
    );
    expect(
      found.filter((item) => item.rule === 'max-lines-per-function').map((item) => item.file),
    ).toEqual([expect.stringContaining('lint-probe-81-')]);
  });

  it('passes a longer function that states its reason', async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-<tag>.ts': functionOfLines(120, 'a probe'),
      },
      SIZE_RULES,
    );
    expect(found).toEqual([]);
  });
});
