import { AppError } from '@dum/core';
import type { Db } from '../../db/database.ts';
import { readAccountView } from '../economy/index.ts';
import { readPublicUser } from './repo.ts';

/** The wallet's public record with its DUM account; 404 for a wallet that never signed in. */
export async function getWalletRecord(
  db: Db,
  input: { solAddress: string; now: Date; aprBps: number },
) {
  const user = await readPublicUser(db, input.solAddress);
  if (!user) throw new AppError('not_found', { message: 'No Dum Club user has this wallet.' });
  const account = await readAccountView(db, {
    userId: user.id,
    now: input.now,
    aprBps: input.aprBps,
  });
  return { ...user, createdAt: user.createdAt.toISOString(), ...account };
}
