/**
 * npm run i18n:extract [-- <folder>...]: refreshes the message catalogues from the code (the
 * English texts found in Lingui's macros), keeping every translation already made and dropping
 * texts the code no longer has. With folders (`src/features/vaults`, `src/locales`), only the
 * catalogues kept there are written, so people working on different features never rewrite
 * each other's catalogue.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = getConfig({ configPath: path.join(webRoot, 'lingui.config.ts') });
const only = process.argv.slice(2).map((folder) => path.resolve(folder));

const catalogs = (await getCatalogs(config)).filter(
  (catalog) => only.length === 0 || only.some((folder) => catalog.path.startsWith(`${folder}/`)),
);
if (catalogs.length === 0) {
  console.error(`No catalogue is kept under ${only.join(', ')}`);
  process.exit(1);
}
for (const catalog of catalogs) {
  await catalog.make({
    clean: true,
    orderBy: config.orderBy,
    overwrite: false,
    locale: config.locales,
  });
  console.log(`extracted ${path.relative(webRoot, catalog.path)}`);
}
