// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from './locale.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = getConfig({ configPath: path.join(webRoot, 'lingui.config.ts') });

/** `{name}`, `{count, plural, …}` heads and `<0>`/`</0>` tags: what a translation must keep. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)/g)].map((match) => `{${match[1] ?? ''}}`);
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('message catalogues', () => {
  it('translate every text of the code into every language, keeping its placeholders', async () => {
    const problems: string[] = [];
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
          if (!translation) {
            problems.push(`${where}: no translation of ${JSON.stringify(english)}`);
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
