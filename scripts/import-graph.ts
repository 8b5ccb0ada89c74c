import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of our own TypeScript, type imports included.
 *
 * ESLint's `import-x/no-cycle` skips `import type` (and re-exports of types), so a circle made
 * of type imports only passes lint, yet it still ties every file on it together: none can be
 * read, moved or type-checked apart from the rest. This module sees every static import and
 * re-export, value or type, and finds the circles with Tarjan's strongly connected components.
 */

/** The repository's root: paths in the results are relative to it, with forward slashes. */
export const REPO_ROOT = resolve(import.meta.dirname, '..');

/** Our workspace packages, reached by name from the apps and from each other. */
const WORKSPACE_PACKAGES: Record<string, string> = {
  '@dum/core': 'packages/core',
  '@dum/chain': 'packages/chain',
};

/** One import or re-export of a module specifier, and whether only types cross it. */
export interface ImportSpecifier {
  specifier: string;
  typeOnly: boolean;
}

/** A file's imports that resolve to files of ours (others, like `react`, are left out). */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** File (repo-relative) → the files it imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

/**
 * Tests import anything (kits, fixtures); what they import is not part of the design. Nor do
 * the lint tests' probe files (lint-test-kit.ts), which live in the tree for a moment while the
 * lint tests run beside this scan: reading one that is already gone would fail the scan.
 */
function isProductionSource(name: string): boolean {
  return (
    /\.tsx?$/.test(name) &&
    !/\.d\.ts$/.test(name) &&
    !/\.(test|spec)\.tsx?$/.test(name) &&
    !name.startsWith('lint-probe-')
  );
}

function sourceFilesUnder(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFilesUnder(path));
    } else if (isProductionSource(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/**
 * Every static import and re-export in a module's text: `import`, `import type`, `export ...
 * from`, `export type ... from`, `import x = require()` and type-level `import('...')`. A
 * dynamic `import()` call is left out: it loads lazily, after every module has been evaluated,
 * which is why it is the way to break a circle when one is needed.
 */
export function importsOf(fileName: string, text: string): ImportSpecifier[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: ImportSpecifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `@dum/chain/vault-program` → packages/chain/src/vault-program/index.ts, by its exports. */
function resolvePackage(specifier: string): string | null {
  for (const [name, folder] of Object.entries(WORKSPACE_PACKAGES)) {
    if (specifier !== name && !specifier.startsWith(`${name}/`)) continue;
    const subpath = `.${specifier.slice(name.length)}`;
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    const target = manifest.exports?.[subpath];
    return target ? join(REPO_ROOT, folder, target) : null;
  }
  return null;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The file a relative specifier names: as written, `.js` read as `.ts`, or a folder's index. */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.jsx$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find(isFile) ?? null;
}

function toRepoPath(path: string): string {
  return relative(REPO_ROOT, path).split('\\').join('/');
}

/**
 * The graph of every production .ts/.tsx file under the given folders (repo-relative or absolute), with
 * its edges to any file of ours, in those folders or not: an edge leaving the folders cannot
 * close a circle unless the folder it reaches is scanned too, so scan every folder a circle
 * could pass through (the server scans the packages with it).
 */
export function buildImportGraph(folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const folder of folders) {
    for (const file of sourceFilesUnder(resolve(REPO_ROOT, folder))) {
      const edges: ImportEdge[] = [];
      for (const { specifier, typeOnly } of importsOf(file, readFileSync(file, 'utf8'))) {
        const target = specifier.startsWith('.')
          ? resolveRelative(file, specifier)
          : resolvePackage(specifier);
        if (target) edges.push({ to: toRepoPath(target), typeOnly });
      }
      graph.set(toRepoPath(file), edges);
    }
  }
  return graph;
}

/** A file as Tarjan's algorithm visits it. */
interface Visit {
  file: string;
  targets: string[];
  index: number;
  lowLink: number;
  onStack: boolean;
}

/**
 * The circles in a graph: each strongly connected component of more than one file (or one file
 * that imports itself), its files sorted; components in order of their first file. Tarjan's
 * algorithm, iterative so that a long chain of imports cannot overflow the stack.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const visits = new Map<string, Visit>();
  const stack: Visit[] = [];
  const components: string[][] = [];
  const enter = (file: string): Visit => {
    const targets = (graph.get(file) ?? []).map((edge) => edge.to);
    const visit = { file, targets, index: visits.size, lowLink: visits.size, onStack: true };
    visits.set(file, visit);
    stack.push(visit);
    return visit;
  };

  for (const root of graph.keys()) {
    if (visits.has(root)) continue;
    const work = [{ visit: enter(root), next: 0 }];
    for (let frame = work.at(-1); frame; frame = work.at(-1)) {
      const { visit } = frame;
      const target = visit.targets[frame.next];
      if (target !== undefined) {
        frame.next += 1;
        const seen = visits.get(target);
        if (!seen) work.push({ visit: enter(target), next: 0 });
        else if (seen.onStack) visit.lowLink = Math.min(visit.lowLink, seen.index);
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) parent.visit.lowLink = Math.min(parent.visit.lowLink, visit.lowLink);
      if (visit.lowLink !== visit.index) continue;
      const component: string[] = [];
      for (let member = stack.pop(); member; member = stack.pop()) {
        member.onStack = false;
        component.push(member.file);
        if (member === visit) break;
      }
      if (component.length > 1 || visit.targets.includes(visit.file)) {
        components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/**
 * The circles among the production files under the given folders, type imports included, and
 * the graph they were found in (for describeCycle): the check a test asserts is empty for each
 * area, e.g. `findImportCycles(['apps/web/src', 'packages/core/src'])`.
 */
export function findImportCycles(folders: string[]): { graph: ImportGraph; cycles: string[][] } {
  const graph = buildImportGraph(folders);
  return { graph, cycles: importCycles(graph) };
}

/**
 * One shortest loop inside a circle, from its first file back to it, each step marked when
 * only types cross it: the place to start cutting.
 */
export function loopIn(graph: ImportGraph, cycle: string[]): string[] {
  const members = new Set(cycle);
  const [start] = cycle;
  if (start === undefined) return [];
  const cameFrom = new Map<string, { from: string; typeOnly: boolean }>();
  const queue = [start];
  search: for (const file of queue) {
    for (const edge of graph.get(file) ?? []) {
      if (!members.has(edge.to) || cameFrom.has(edge.to)) continue;
      cameFrom.set(edge.to, { from: file, typeOnly: edge.typeOnly });
      if (edge.to === start) break search;
      queue.push(edge.to);
    }
  }
  const steps: string[] = [];
  let file = start;
  do {
    const step = cameFrom.get(file);
    if (!step) break;
    steps.unshift(`${step.typeOnly ? '(type) ' : ''}${file}`);
    file = step.from;
  } while (file !== start);
  return [start, ...steps];
}

/** A circle as a test failure shows it: its files, then one loop through them. */
export function describeCycle(graph: ImportGraph, cycle: string[]): string {
  return [
    `${cycle.length} files: ${cycle.join(', ')}`,
    `  a loop: ${loopIn(graph, cycle).join(' -> ')}`,
  ].join('\n');
}
