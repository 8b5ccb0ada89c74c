import { afterEach, describe, expect, it } from 'vitest';
import { lintScratch, removeScratch } from './lint-test-kit.ts';

/**
 * The boundaries in eslint.config.js (decision 012), proved on scratch files: each case writes
 * files that break (or keep) a boundary into the real tree, lints them with the project's own
 * configuration, and removes them again.
 */
afterEach(removeScratch);

/** Each case runs only the rule it proves. Import cycles are import-cycles.test.ts's. */
const ZONES = ['import-x/no-restricted-paths'];

function boundaryRules(found: { rule: string | null }[]): (string | null)[] {
  return found.map((item) => item.rule).filter((rule) => rule?.startsWith('import-x/'));
}

describe('lint keeps the boundaries', () => {
  it("fails a slice that imports another slice's repo", async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-<tag>.ts':
          "export { readVault } from '../vaults/repo.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });

  it("fails app-level code that imports a slice's routes instead of its face", async () => {
    const found = await lintScratch(
      {
        'apps/server/src/lint-probe-<tag>.ts':
          "export { feedRoutes } from './modules/feed/routes.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });

  it("passes a slice that uses another slice's face", async () => {
    const found = await lintScratch(
      {
        'apps/server/src/modules/feed/lint-probe-<tag>.ts':
          "export { vaultRoutes } from '../vaults/index.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual([]);
  });

  it("fails a web feature that imports another feature's internals", async () => {
    const found = await lintScratch(
      {
        'apps/web/src/features/feed/lint-probe-<tag>.ts':
          "export { VaultPanel } from '../vaults/vault-panel.tsx';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });

  it("fails a web page that imports a feature's internals instead of its face", async () => {
    const found = await lintScratch(
      {
        'apps/web/src/pages/lint-probe-<tag>.ts':
          "export { usePost } from '../features/post/feed-queries.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });

  it("passes a web feature that uses another feature's face", async () => {
    const found = await lintScratch(
      {
        'apps/web/src/features/feed/lint-probe-<tag>.ts':
          "export { VaultPanel } from '../vaults/index.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual([]);
  });

  it('fails the web importing server code', async () => {
    const found = await lintScratch(
      {
        'apps/web/src/lint-probe-<tag>.ts': "export { buildApp } from '../../server/src/app.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails a package importing an app', async () => {
    const found = await lintScratch(
      {
        'packages/chain/src/lint-probe-<tag>.ts':
          "export { buildApp } from '../../../apps/server/src/app.ts';\n",
      },
      ZONES,
    );
    expect(boundaryRules(found)).toEqual(['import-x/no-restricted-paths']);
  });
});
