import { ENGAGEMENT_KINDS, POST_KINDS, VAULT_KINDS, VAULT_STATUSES } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-test-kit.ts';
import type { Database } from './database.ts';

/*
 * The database's check constraints repeat lists that core defines once (migrations are SQL and
 * never edited). These tests fail when a list in core and its constraint drift apart.
 */
describe('check constraints follow the lists in core', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  /** The quoted values of a constraint such as `CHECK (status = ANY (ARRAY['a'::text, ...]))`. */
  async function allowedValues(name: string): Promise<string[]> {
    const { rows } = await database.pool.query<{ definition: string }>(
      'select pg_get_constraintdef(oid) as definition from pg_constraint where conname = $1',
      [name],
    );
    const definition = rows[0]?.definition ?? '';
    return [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
  }

  it('vaults.status is one of VAULT_STATUSES', async () => {
    expect(await allowedValues('vaults_status')).toEqual([...VAULT_STATUSES]);
  });

  it('vaults.kind is one of VAULT_KINDS', async () => {
    expect(await allowedValues('vaults_kind')).toEqual([...VAULT_KINDS]);
  });

  it('engagements.kind is one of ENGAGEMENT_KINDS', async () => {
    expect(await allowedValues('engagements_kind')).toEqual([...ENGAGEMENT_KINDS]);
  });

  it('messages.kind is one of the POST_KINDS', async () => {
    expect(await allowedValues('messages_kind')).toEqual([...POST_KINDS]);
  });
});
