// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from './locale.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = getConfig({ configPath: path.join(webRoot, 'lingui.config.ts') });

/** A compiled message: text and tokens (`[name]`, or `[name, type, { branch: parts }]`). */
type Part = string | [string, string?, Record<string, Part[] | string | number>?];

/**
 * What a translation must keep: the ICU arguments (`{name}`, `{count, plural, …}`'s `count`, at
 * any depth) and the `<0>`/`</0>` tags. A plural's or select's branches may differ (`one {voto}`).
 */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (parts: readonly Part[] | string): void => {
    for (const part of typeof parts === 'string' ? [parts] : parts) {
      if (typeof part === 'string') {
        for (const tag of part.match(/<\/?\d+\/?>/g) ?? []) found.add(tag);
        continue;
      }
      const [name, , branches] = part;
      found.add(`{${name}}`);
      // A plural's branches, and its `offset` (a number, skipped).
      for (const branch of Object.values(branches ?? {})) {
        if (typeof branch === 'string' || Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessage(message) as Part[] | string);
  return [...found].sort();
}

describe('message catalogues', () => {
  it('translate every text of the code into every language, one way, keeping its placeholders', async () => {
    const problems: string[] = [];
    // One id is one English text wherever it is written: a language's catalogues all load into
    // one table, so their translations of it must agree.
    const chosen = new Map<string, { translation: string; where: string }>();
    for (const catalog of await getCatalogs(config)) {
      // What the code says now, not what was last extracted: a text added without running
      // `npm run i18n:extract` fails here too.
      const source = (await catalog.collect()) ?? {};
      for (const locale of LOCALES.filter((locale) => locale !== SOURCE_LOCALE)) {
        const translated = await catalog.read(locale);
        for (const [id, entry] of Object.entries(source)) {
          const english = entry.message ?? id;
          const translation = translated[id]?.translation;
          const where = path.relative(webRoot, catalog.path).replace('{locale}', locale);
          const earlier = translation ? chosen.get(`${locale} ${id}`) : undefined;
          if (translation && !earlier) chosen.set(`${locale} ${id}`, { translation, where });
          if (!translation) {
            problems.push(`${where}: no translation of ${JSON.stringify(english)}`);
          } else if (earlier && earlier.translation !== translation) {
            problems.push(
              `${where}: ${JSON.stringify(english)} is ${JSON.stringify(translation)} here, ${JSON.stringify(earlier.translation)} in ${earlier.where}`,
            );
          } else if (placeholders(translation).join() !== placeholders(english).join()) {
            problems.push(
              `${where}: ${JSON.stringify(translation)} changes the placeholders of ${JSON.stringify(english)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
