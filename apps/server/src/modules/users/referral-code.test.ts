import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { giveReferralCodeIfNone } from './repo.ts';

describe.each(testDatabaseKinds())('giving a referral code (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  async function walletWithCode(code: string | null): Promise<string> {
    const id = randomUUID();
    await database.pool.query(
      'insert into users (id, sol_address, referral_code) values ($1, $2, $3)',
      [id, id, code],
    );
    return id;
  }

  async function codeOf(id: string): Promise<string | null> {
    const { rows } = await database.pool.query<{ code: string | null }>(
      'select referral_code as code from users where id = $1',
      [id],
    );
    return rows[0]?.code ?? null;
  }

  it('gives a wallet without a code the one drawn', async () => {
    const id = await walletWithCode(null);
    expect(await giveReferralCodeIfNone(database.pool, id, 'FRESHCD2')).toBe(true);
    expect(await codeOf(id)).toBe('FRESHCD2');
  });

  it('keeps a wallet’s code it has', async () => {
    const id = await walletWithCode('KEEPMEC2');
    await giveReferralCodeIfNone(database.pool, id, 'OTHERCD2');
    expect(await codeOf(id)).toBe('KEEPMEC2');
  });

  it('answers false and writes nothing when another wallet holds the code', async () => {
    await walletWithCode('TAKENCD2');
    const id = await walletWithCode(null);
    expect(await giveReferralCodeIfNone(database.pool, id, 'TAKENCD2')).toBe(false);
    expect(await codeOf(id)).toBeNull();
  });
});
