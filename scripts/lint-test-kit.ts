import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * Scratch files for the tests of eslint.config.js: written into the real tree (so the project's
 * own configuration, zones and all, applies to them), linted, and removed after each test
 * (removeScratch, in afterEach).
 */
const root = path.resolve(import.meta.dirname, '..');
const written: string[] = [];

export interface LintFinding {
  file: string;
  rule: string | null;
}

/**
 * Writes each file (`<tag>` in a name or a source becomes a random tag, so parallel runs never
 * meet) and answers what the rules whose names start with one of `rulePrefixes` find in them.
 * Only those rules run, and without type information: the rules these tests prove read the
 * imports and the lines, and building the type-checked program for each scratch file took about
 * five seconds a test.
 */
export async function lintScratch(
  files: Record<string, string>,
  rulePrefixes: readonly string[],
): Promise<LintFinding[]> {
  const tag = randomBytes(4).toString('hex');
  // Scanners of the tree (the import graph, table ownership, the bundle's staleness) skip files
  // named so, because these come and go while those tests run.
  const unnamed = Object.keys(files).filter(
    (name) => !path.basename(name).startsWith('lint-probe-'),
  );
  if (unnamed.length > 0)
    throw new Error(`a probe file's name starts with lint-probe-: ${unnamed.join(', ')}`);
  const paths = Object.keys(files).map((name) => name.replace('<tag>', tag));
  for (const [index, [, source]] of Object.entries(files).entries()) {
    const file = path.join(root, paths[index] ?? '');
    written.push(file);
    await writeFile(file, source.replaceAll('<tag>', tag));
  }
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => rulePrefixes.some((prefix) => ruleId.startsWith(prefix)),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  const results = await eslint.lintFiles(paths);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: path.relative(root, result.filePath),
      rule: message.ruleId,
    })),
  );
}

export async function removeScratch(): Promise<void> {
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
}
