/**
 * npm run docs:config — rewrites the README's configuration table from the list beside the
 * config schema (apps/server/src/config-docs.ts). With --check, only says whether it is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConfigTable } from '../apps/server/src/config-docs.ts';

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../README.md');

const current = readFileSync(README, 'utf8');
const next = withConfigTable(current);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('README.md: the configuration table is out of date; run npm run docs:config');
    process.exit(1);
  }
} else if (next !== current) {
  writeFileSync(README, next);
  console.log('README.md: configuration table rewritten');
}
