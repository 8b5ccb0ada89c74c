import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, renderConfigTable, withConfigTable } from './config-docs.ts';
import { CONFIG_VARIABLES, configDefaults } from './config.ts';

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');

describe("the README's configuration table", () => {
  it('describes every variable the schema reads, and no other', () => {
    expect(Object.keys(CONFIG_DOCS).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("gives the schema's own default wherever the schema has one", () => {
    const defaults = configDefaults();
    for (const name of CONFIG_VARIABLES) {
      const value = defaults[name];
      if (value === undefined) continue;
      expect(CONFIG_DOCS[name].default, name).toBe(`\`${String(value)}\``);
    }
  });

  it('is what npm run docs:config writes', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(renderConfigTable());
    expect(withConfigTable(readme)).toBe(readme);
  });

  it('is rewritten between its markers only', () => {
    const readme = withConfigTable(
      'before\n<!-- config-table:start (npm run docs:config writes this) -->\nold\n<!-- config-table:end -->\nafter\n',
      '| t |',
    );
    expect(readme).toBe(
      'before\n<!-- config-table:start (npm run docs:config writes this) -->\n| t |\n<!-- config-table:end -->\nafter\n',
    );
    expect(() => withConfigTable('no markers')).toThrow(/config-table/);
  });
});
