import {
  AccountDecodeError,
  decodeDeposit,
  decodeMediaRef,
  decodeVault,
  findDepositAddress,
  type OnChainDeposit,
  type OnChainVault,
  type VaultSnapshot,
} from '@dum/chain/vault-program';

/**
 * The indexer's trust boundary: what the chain holds at a vault's address is checked against
 * the post it must belong to before anything is recorded. Plain functions over the snapshot.
 */

/** What the database says the vault must be (from the post and its author). */
export interface EscrowExpectation {
  programId: string;
  /** The PDA of ("vault", post id, creator wallet) under programId. */
  address: string;
  postId: bigint;
  creatorWallet: string;
  multiplier: number;
  target: bigint;
  durationSeconds: bigint;
  /** Hex SHA-256 of the post's media, which must be committed as a media ref; null: none. */
  contentHash: string | null;
}

export interface IndexedDeposit {
  address: string;
  deposit: OnChainDeposit;
}

export type SnapshotCheck =
  | { ok: true; vault: OnChainVault; deposits: IndexedDeposit[] }
  | { ok: false; reason: 'not_on_chain' }
  | { ok: false; reason: 'mismatch'; field: string };

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function decoded<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch (error) {
    if (error instanceof AccountDecodeError || error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Checks a snapshot: the vault account is owned by the program, is a Vault (size and
 * discriminator), and names this post's id, the author's wallet, the target of the post's
 * multiplier and its duration; every deposit is the program's, names this vault, and sits at
 * the address derived from (vault, participant); the post's media hash is committed on chain.
 */
export async function checkSnapshot(
  expected: EscrowExpectation,
  snapshot: VaultSnapshot,
): Promise<SnapshotCheck> {
  const account = snapshot.vault;
  if (!account) return { ok: false, reason: 'not_on_chain' };
  const mismatch = (field: string): SnapshotCheck => ({ ok: false, reason: 'mismatch', field });
  if (account.owner !== expected.programId) return mismatch('owner');
  const vault = decoded(() => decodeVault(account.data));
  if (!vault) return mismatch('data');
  if (vault.creator !== expected.creatorWallet) return mismatch('creator');
  if (vault.postId !== expected.postId) return mismatch('postId');
  if (vault.multiplier !== expected.multiplier) return mismatch('multiplier');
  if (vault.targetAmount !== expected.target) return mismatch('targetAmount');
  if (vault.durationSeconds !== expected.durationSeconds) return mismatch('durationSeconds');
  if (vault.endTs - vault.startTs !== expected.durationSeconds) return mismatch('endTs');

  const deposits: IndexedDeposit[] = [];
  for (const raw of snapshot.deposits) {
    if (raw.owner !== expected.programId) return mismatch('deposit.owner');
    const deposit = decoded(() => decodeDeposit(raw.data));
    if (!deposit) return mismatch('deposit.data');
    if (deposit.vault !== expected.address) return mismatch('deposit.vault');
    const derived = await findDepositAddress(
      expected.address,
      deposit.participant,
      expected.programId,
    );
    if (derived.address !== raw.address) return mismatch('deposit.address');
    if (deposit.amount > deposit.totalDeposited) return mismatch('deposit.amount');
    deposits.push({ address: raw.address, deposit });
  }

  if (expected.contentHash !== null) {
    const committed = snapshot.mediaRefs.some((raw) => {
      if (raw.owner !== expected.programId) return false;
      const ref = decoded(() => decodeMediaRef(raw.data));
      return (
        ref !== null &&
        ref.vault === expected.address &&
        ref.creator === expected.creatorWallet &&
        hex(ref.contentHash) === expected.contentHash
      );
    });
    if (!committed) return mismatch('mediaRef');
  }
  return { ok: true, vault, deposits };
}
