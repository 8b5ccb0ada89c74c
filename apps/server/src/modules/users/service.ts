import { AppError } from '@dum/core';
import type { Db } from '../../db/database.ts';
import { readAccountView, type AccountView } from '../economy/index.ts';
import { readPublicUser } from './repo.ts';

export interface WalletRecord extends AccountView {
  id: string;
  solAddress: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  isVerified: boolean;
  createdAt: string;
}

/** The wallet's public record with its DUM account; 404 for a wallet that never signed in. */
export async function getWalletRecord(
  db: Db,
  input: { solAddress: string; now: Date; aprBps: number },
): Promise<WalletRecord> {
  const user = await readPublicUser(db, input.solAddress);
  if (!user) throw new AppError('not_found', { message: 'No Dum Club user has this wallet.' });
  const account = await readAccountView(db, {
    userId: user.id,
    now: input.now,
    aprBps: input.aprBps,
  });
  return { ...user, createdAt: user.createdAt.toISOString(), ...account };
}
