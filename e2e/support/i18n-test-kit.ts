import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');

/** A .po string's value: the quoted parts of `msgid "…" "…"` joined, escapes read. */
function poString(quoted: string): string {
  return [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
    .map((match) => JSON.parse(`"${match[1] ?? ''}"`) as string)
    .join('');
}

/**
 * The English texts the Spanish catalogues translate differently, long and plain enough to be
 * searched for on a page (no placeholders or markup): one of them on a Spanish page is a text
 * the page did not translate.
 */
export async function englishTextsTranslatedInSpanish(): Promise<string[]> {
  const files = (await readdir(WEB_SRC, { recursive: true })).filter((file) =>
    file.endsWith(`locales${path.sep}es.po`),
  );
  const texts = new Set<string>();
  for (const file of files) {
    const po = await readFile(path.join(WEB_SRC, file), 'utf8');
    for (const entry of po.split(/\n\n+/)) {
      const id = /^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)/m.exec(entry)?.[1];
      const str = /^msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/m.exec(entry)?.[1];
      if (!id || !str || entry.includes('js-lingui-explicit-id')) continue;
      const english = poString(id);
      if (english.length >= 12 && !/[{}<>]/.test(english) && poString(str) !== english) {
        texts.add(english);
      }
    }
  }
  return [...texts];
}

/** The catalogue's English texts the page shows in its visible text, if any. */
export async function englishLeftOn(
  page: Page,
  englishTexts: readonly string[],
): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return englishTexts.filter((english) => text.includes(english));
}
