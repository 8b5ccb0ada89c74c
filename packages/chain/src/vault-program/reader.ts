import { getBase58Decoder } from '@solana/kit';
import {
  decodeConfig,
  decodeDeposit,
  decodeMediaRef,
  decodeVault,
  FILTER_OFFSETS,
  type OnChainDeposit,
  type OnChainMediaRef,
  type OnChainVault,
  type VaultConfig,
} from './accounts.ts';
import { ACCOUNT_DISCRIMINATORS, ACCOUNT_SIZES, VAULT_PROGRAM_ID } from './constants.ts';
import { CHAIN_ERROR_MESSAGES } from './errors.ts';
import { findConfigAddress, findDepositAddress, findDumMintAddress } from './pda.ts';

/**
 * The app's chain reads (config, vault, participant, media refs, token and SOL balances) over any
 * JSON-RPC endpoint, at `processed` commitment so a write is seen as soon as it executes.
 */

export type RpcCall = <T>(method: string, params: unknown[]) => Promise<T>;

const COMMITMENT = 'processed';

interface RpcAccount {
  data: [string, 'base64'];
  owner: string;
  lamports: number;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const base58 = getBase58Decoder();

function hexToBase58(hex: string): string {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return base58.decode(bytes);
}

export interface VaultProgramReader {
  readonly programId: string;
  /** Throws 'Program not initialized. Call initialize() first.' before initialisation. */
  getConfig(): Promise<VaultConfig>;
  getVault(address: string): Promise<OnChainVault | null>;
  getDeposit(vault: string, participant: string): Promise<OnChainDeposit | null>;
  listDeposits(filter: {
    vault?: string;
    participant?: string;
  }): Promise<{ address: string; deposit: OnChainDeposit }[]>;
  listVaults(filter?: { creator?: string }): Promise<{ address: string; vault: OnChainVault }[]>;
  listMediaRefs(vault: string): Promise<{ address: string; mediaRef: OnChainMediaRef }[]>;
  /** The wallet's DUM from this program's mint, in base units. */
  getDumBalance(owner: string): Promise<bigint>;
  getSolBalance(owner: string): Promise<bigint>;
}

// eslint-disable-next-line max-lines-per-function -- small read methods sharing `call`
export function createVaultProgramReader(
  call: RpcCall,
  programId: string = VAULT_PROGRAM_ID,
): VaultProgramReader {
  async function account(address: string): Promise<RpcAccount | null> {
    const { value } = await call<{ value: RpcAccount | null }>('getAccountInfo', [
      address,
      { encoding: 'base64', commitment: COMMITMENT },
    ]);
    return value && value.owner === programId ? value : null;
  }

  async function programAccounts(
    kind: keyof typeof ACCOUNT_DISCRIMINATORS,
    filters: { offset: number; bytes: string }[],
  ): Promise<{ address: string; data: Uint8Array }[]> {
    const result = await call<{ pubkey: string; account: RpcAccount }[]>('getProgramAccounts', [
      programId,
      {
        encoding: 'base64',
        commitment: COMMITMENT,
        filters: [
          { dataSize: ACCOUNT_SIZES[kind] },
          { memcmp: { offset: 0, bytes: hexToBase58(ACCOUNT_DISCRIMINATORS[kind]) } },
          ...filters.map((filter) => ({ memcmp: filter })),
        ],
      },
    ]);
    return result.map((entry) => ({
      address: entry.pubkey,
      data: fromBase64(entry.account.data[0]),
    }));
  }

  return {
    programId,
    async getConfig() {
      const found = await account((await findConfigAddress(programId)).address);
      if (!found) throw new Error(CHAIN_ERROR_MESSAGES.programNotInitialized);
      return decodeConfig(fromBase64(found.data[0]));
    },
    async getVault(address) {
      const found = await account(address);
      return found ? decodeVault(fromBase64(found.data[0])) : null;
    },
    async getDeposit(vault, participant) {
      const found = await account(
        (await findDepositAddress(vault, participant, programId)).address,
      );
      return found ? decodeDeposit(fromBase64(found.data[0])) : null;
    },
    async listDeposits(filter) {
      const filters = [];
      if (filter.vault) filters.push({ offset: FILTER_OFFSETS.depositVault, bytes: filter.vault });
      if (filter.participant) {
        filters.push({ offset: FILTER_OFFSETS.depositParticipant, bytes: filter.participant });
      }
      return (await programAccounts('deposit', filters)).map(({ address, data }) => ({
        address,
        deposit: decodeDeposit(data),
      }));
    },
    async listVaults(filter = {}) {
      const filters = filter.creator
        ? [{ offset: FILTER_OFFSETS.vaultCreator, bytes: filter.creator }]
        : [];
      return (await programAccounts('vault', filters)).map(({ address, data }) => ({
        address,
        vault: decodeVault(data),
      }));
    },
    async listMediaRefs(vault) {
      const filters = [{ offset: FILTER_OFFSETS.mediaRefVault, bytes: vault }];
      return (await programAccounts('mediaRef', filters)).map(({ address, data }) => ({
        address,
        mediaRef: decodeMediaRef(data),
      }));
    },
    async getDumBalance(owner) {
      const mint = (await findDumMintAddress(programId)).address;
      const { value } = await call<{
        value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
      }>('getTokenAccountsByOwner', [
        owner,
        { mint },
        { encoding: 'jsonParsed', commitment: COMMITMENT },
      ]);
      return value.reduce(
        (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
        0n,
      );
    },
    async getSolBalance(owner) {
      const { value } = await call<{ value: number }>('getBalance', [
        owner,
        { commitment: COMMITMENT },
      ]);
      return BigInt(value);
    },
  };
}

/** One account as the indexer reads it, before any check (owner and bytes as the chain has them). */
export interface RawProgramAccount {
  address: string;
  owner: string;
  data: Uint8Array;
}

/**
 * Everything about one vault address at a given commitment, for an indexer that checks it
 * itself: the account at the address whatever its owner (null if none), the program's deposit
 * and media ref accounts that name it (getProgramAccounts with a memcmp on the vault field), and
 * the lowest context slot of the three reads (the snapshot is at least that fresh).
 */
export interface VaultSnapshot {
  slot: bigint;
  /**
   * The chain's own time (the Clock sysvar's unix timestamp) read in the same call as the vault,
   * so at the same slot: the vault's state is final once this is at or past its end (nothing
   * joins or leaves after it). Null when the cluster did not answer the sysvar.
   */
  clockUnixTs: bigint | null;
  vault: RawProgramAccount | null;
  deposits: RawProgramAccount[];
  mediaRefs: RawProgramAccount[];
}

/** The Clock sysvar: slot, epoch start, epoch, leader schedule epoch, unix timestamp (i64). */
export const SYSVAR_CLOCK_ADDRESS = 'SysvarC1ock11111111111111111111111111111111';
const CLOCK_UNIX_TIMESTAMP_OFFSET = 32;

function clockUnixTimestamp(data: Uint8Array): bigint | null {
  if (data.length < CLOCK_UNIX_TIMESTAMP_OFFSET + 8) return null;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigInt64(
    CLOCK_UNIX_TIMESTAMP_OFFSET,
    true,
  );
}

export async function readVaultSnapshot(
  call: RpcCall,
  args: { programId: string; vault: string; commitment?: 'confirmed' | 'finalized' | 'processed' },
): Promise<VaultSnapshot> {
  const commitment = args.commitment ?? 'confirmed';
  interface Ctx<T> {
    context: { slot: number };
    value: T;
  }
  // One call for both, so the vault and the clock are read at the same slot.
  const vaultRead = await call<Ctx<(RpcAccount | null)[]>>('getMultipleAccounts', [
    [args.vault, SYSVAR_CLOCK_ADDRESS],
    { encoding: 'base64', commitment },
  ]);
  async function named(
    kind: 'deposit' | 'mediaRef',
    offset: number,
  ): Promise<{ slot: number; accounts: RawProgramAccount[] }> {
    const read = await call<Ctx<{ pubkey: string; account: RpcAccount }[]>>('getProgramAccounts', [
      args.programId,
      {
        encoding: 'base64',
        commitment,
        withContext: true,
        filters: [
          { dataSize: ACCOUNT_SIZES[kind] },
          { memcmp: { offset: 0, bytes: hexToBase58(ACCOUNT_DISCRIMINATORS[kind]) } },
          { memcmp: { offset, bytes: args.vault } },
        ],
      },
    ]);
    return {
      slot: read.context.slot,
      accounts: read.value.map((entry) => ({
        address: entry.pubkey,
        owner: entry.account.owner,
        data: fromBase64(entry.account.data[0]),
      })),
    };
  }
  const [deposits, mediaRefs] = await Promise.all([
    named('deposit', FILTER_OFFSETS.depositVault),
    named('mediaRef', FILTER_OFFSETS.mediaRefVault),
  ]);
  const [found, clock] = vaultRead.value;
  return {
    slot: BigInt(Math.min(vaultRead.context.slot, deposits.slot, mediaRefs.slot)),
    clockUnixTs: clock ? clockUnixTimestamp(fromBase64(clock.data[0])) : null,
    vault: found
      ? { address: args.vault, owner: found.owner, data: fromBase64(found.data[0]) }
      : null,
    deposits: deposits.accounts,
    mediaRefs: mediaRefs.accounts,
  };
}

/** Whether the program's config account exists (initialize_config ran) at `commitment`. */
export async function vaultProgramIsConfigured(
  call: RpcCall,
  programId: string,
  commitment: 'confirmed' | 'finalized' | 'processed' = 'confirmed',
): Promise<VaultConfig | null> {
  const { value } = await call<{ value: RpcAccount | null }>('getAccountInfo', [
    (await findConfigAddress(programId)).address,
    { encoding: 'base64', commitment },
  ]);
  if (!value || value.owner !== programId) return null;
  try {
    return decodeConfig(fromBase64(value.data[0]));
  } catch {
    return null;
  }
}
