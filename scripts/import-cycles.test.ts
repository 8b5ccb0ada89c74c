import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCycle, findImportCycles, importsOf, REPO_ROOT } from './import-graph.ts';

/**
 * No circles in the import graph, type imports included (import-graph.ts says why lint's
 * no-cycle is not enough). Each area scans the folders a circle through it could pass: the
 * server with the packages it imports.
 */

function cyclesIn(folders: string[]): string[] {
  const { graph, cycles } = findImportCycles(folders);
  return cycles.map((cycle) => describeCycle(graph, cycle));
}

describe('the import graph has no circles', () => {
  it('in the server and the packages', () => {
    expect(cyclesIn(['apps/server/src', 'packages/core/src', 'packages/chain/src'])).toEqual([]);
  });

  it('in the web app and the core it imports', () => {
    expect(cyclesIn(['apps/web/src', 'packages/core/src'])).toEqual([]);
  });

  it('in the browser tests, benchmarks and scripts, with the sources they import', () => {
    const tools = ['e2e', 'bench', 'scripts', 'apps/web/scripts', 'apps/web/build'];
    const sources = ['apps/server/src', 'packages/core/src', 'packages/chain/src'];
    expect(cyclesIn([...tools, ...sources])).toEqual([]);
  });
});

describe('the circle finder', () => {
  let scratch: string | null = null;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = null;
  });

  /** Writes files into a folder of their own outside the tree (others work in it too). */
  function scratchTree(files: Record<string, string>): string {
    scratch = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(scratch, name, '..'), { recursive: true });
      writeFileSync(join(scratch, name), text);
    }
    return scratch;
  }

  it('finds a circle made of type imports only, which lint skips', () => {
    const root = scratchTree({
      'context.ts':
        "import type { Store } from './slice/index.ts';\nexport interface Ctx { store: Store }\n",
      'slice/index.ts': "export type { Store } from './store.ts';\n",
      'slice/store.ts':
        "import { type Ctx } from '../context.ts';\nexport interface Store { ctx: Ctx }\n",
      'leaf.ts': "import type { Ctx } from './context.ts';\nexport type Leaf = Ctx;\n",
    });
    const { graph, cycles } = findImportCycles([root]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.map((file) => relative(root, resolve(REPO_ROOT, file)))).toEqual([
      'context.ts',
      'slice/index.ts',
      'slice/store.ts',
    ]);
    expect([...graph.values()].flat().every((edge) => edge.typeOnly)).toBe(true);
    expect(describeCycle(graph, cycles[0]!)).toMatch(
      /a loop: .*context\.ts -> \(type\) .*slice\/index\.ts -> \(type\) .*slice\/store\.ts -> \(type\) .*context\.ts$/,
    );
  });

  it('finds a file that imports itself, and passes a shared dependency that is no circle', () => {
    const root = scratchTree({
      'self.ts': "export type { Self } from './self.ts';\nexport interface Self { n: number }\n",
      'a.ts': "import { c } from './c.ts';\nexport const a = c;\n",
      'b.ts': "import { a } from './a.ts';\nimport { c } from './c.ts';\nexport const b = a + c;\n",
      'c.ts': 'export const c = 1;\n',
    });
    expect(
      findImportCycles([root]).cycles.map((cycle) => cycle.map((file) => file.split('/').pop())),
    ).toEqual([['self.ts']]);
  });

  it('leaves out a dynamic import(), which loads after every module is evaluated', () => {
    const root = scratchTree({
      'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'b.ts':
        "export const b = 1;\nexport async function later(): Promise<number> {\n  return (await import('./a.ts')).a;\n}\n",
    });
    expect(findImportCycles([root]).cycles).toEqual([]);
  });

  it('reads every kind of static import and re-export, and which carry only types', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, e } from './e.ts';",
      "import './side-effect.ts';",
      "export * from './all.ts';",
      "export type { F } from './f.ts';",
      "export { type G } from './g.ts';",
      "export type H = import('./h.ts').H;",
      "import i = require('./i.ts');",
    ].join('\n');
    expect(importsOf('probe.ts', text)).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: true },
      { specifier: './e.ts', typeOnly: false },
      { specifier: './side-effect.ts', typeOnly: false },
      { specifier: './all.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: true },
      { specifier: './g.ts', typeOnly: true },
      { specifier: './h.ts', typeOnly: true },
      { specifier: './i.ts', typeOnly: false },
    ]);
  });
});
