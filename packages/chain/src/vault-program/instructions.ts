import {
  AccountRole,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type Instruction,
} from '@solana/kit';
import { SYSTEM_PROGRAM_ID } from '@dum/core';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../programs.ts';
import {
  DEFAULT_MAX_SUPPLY,
  DEFAULT_MULTIPLIER,
  DEFAULT_PENALTY_BPS,
  DEFAULT_REWARDS_PER_SOL,
  DEFAULT_STAKING_RATE_PER_SECOND,
  INSTRUCTION_DISCRIMINATORS,
  MAX_ARWEAVE_ID_BYTES,
  MAX_IPFS_HASH_BYTES,
  MAX_METADATA_BYTES,
  MEDIA_TYPES,
  U64_MAX,
  VAULT_PROGRAM_ID,
  type MediaType,
} from './constants.ts';
import { CHAIN_ERROR_MESSAGES } from './errors.ts';
import { checkDurationDays, checkJoinAmount, checkMultiplier, checkPostId } from './inputs.ts';
import {
  findConfigAddress,
  findDepositAddress,
  findDumMintAddress,
  findMediaRefAddress,
  findProgramDataAddress,
  findVaultAddress,
} from './pda.ts';

/**
 * Instruction builders. Each returns a @solana/kit `Instruction` (program address, accounts
 * with roles, data), usable with kit directly or converted for @solana/web3.js.
 */

// The same ids as @dum/core and programs.ts, typed as @solana/kit addresses.
export const SYSTEM_PROGRAM_ADDRESS = address(SYSTEM_PROGRAM_ID);
export const TOKEN_PROGRAM_ADDRESS = address(TOKEN_PROGRAM_ID);
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = address(ASSOCIATED_TOKEN_PROGRAM_ID);

const addressEncoder = getAddressEncoder();

class DataWriter {
  private readonly bytes: number[] = [];

  discriminator(hex: string): this {
    for (let i = 0; i < hex.length; i += 2) this.bytes.push(parseInt(hex.slice(i, i + 2), 16));
    return this;
  }

  u8(value: number): this {
    this.bytes.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    this.bytes.push(value & 0xff, (value >> 8) & 0xff);
    return this;
  }

  u32(value: number): this {
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, value, true);
    this.bytes.push(...new Uint8Array(view.buffer));
    return this;
  }

  u64(value: bigint): this {
    if (value < 0n || value > U64_MAX) throw new RangeError(`${value} does not fit in a u64`);
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, value, true);
    this.bytes.push(...new Uint8Array(view.buffer));
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.bytes.push(...bytes);
    return this;
  }

  /** A Borsh string: u32 length, then the UTF-8 bytes. */
  string(value: string, maxBytes: number, field: string): this {
    const bytes = new TextEncoder().encode(value);
    if (bytes.length > maxBytes) throw new RangeError(`${field} is longer than ${maxBytes} bytes`);
    return this.u32(bytes.length).raw(bytes);
  }

  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

type Meta = { address: Address; role: AccountRole };

function meta(value: string, role: AccountRole): Meta {
  return { address: address(value), role };
}

function requireWallet(wallet: string | null | undefined): string {
  if (!wallet) throw new Error(CHAIN_ERROR_MESSAGES.walletNotConnected);
  return wallet;
}

function instruction(programId: string, accounts: Meta[], data: Uint8Array): Instruction {
  return { programAddress: address(programId), accounts, data };
}

export interface InitializeConfigInput {
  /** The program's upgrade authority (it deployed the program); pays for the new accounts. */
  authority: string;
  treasury: string;
  penaltyBps?: number;
  rewardsPerSol?: bigint;
  maxSupply?: bigint;
  stakingRatePerSecond?: bigint;
  programId?: string;
}

export async function initializeConfigInstruction(
  input: InitializeConfigInput,
): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const penaltyBps = input.penaltyBps ?? DEFAULT_PENALTY_BPS;
  if (!Number.isInteger(penaltyBps) || penaltyBps < 0 || penaltyBps > 0xffff) {
    throw new RangeError('penaltyBps must be a whole number of basis points');
  }
  const [config, mint, programData] = await Promise.all([
    findConfigAddress(programId),
    findDumMintAddress(programId),
    findProgramDataAddress(programId),
  ]);
  const data = new DataWriter()
    .discriminator(INSTRUCTION_DISCRIMINATORS.initializeConfig)
    .u16(penaltyBps)
    .u64(input.rewardsPerSol ?? DEFAULT_REWARDS_PER_SOL)
    .u64(input.maxSupply ?? DEFAULT_MAX_SUPPLY)
    .u64(input.stakingRatePerSecond ?? DEFAULT_STAKING_RATE_PER_SECOND)
    .done();
  return instruction(
    programId,
    [
      meta(requireWallet(input.authority), AccountRole.WRITABLE_SIGNER),
      meta(config.address, AccountRole.WRITABLE),
      meta(mint.address, AccountRole.WRITABLE),
      meta(input.treasury, AccountRole.READONLY),
      meta(programData, AccountRole.READONLY),
      meta(SYSTEM_PROGRAM_ADDRESS, AccountRole.READONLY),
      meta(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    data,
  );
}

export interface CreateVaultInput {
  creator: string | null | undefined;
  postId: bigint | number | string;
  /** Target = 0.1 SOL x multiplier (1 to 10, default 2). */
  multiplier?: number;
  durationDays: number;
  programId?: string;
}

export async function createVaultInstruction(input: CreateVaultInput): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const creator = requireWallet(input.creator);
  const postId = checkPostId(input.postId);
  const multiplier = checkMultiplier(input.multiplier ?? DEFAULT_MULTIPLIER);
  const durationDays = checkDurationDays(input.durationDays);
  const [vault, config] = await Promise.all([
    findVaultAddress(postId, creator, programId),
    findConfigAddress(programId),
  ]);
  const data = new DataWriter()
    .discriminator(INSTRUCTION_DISCRIMINATORS.createVault)
    .u64(postId)
    .u8(multiplier)
    .u32(durationDays)
    .done();
  return instruction(
    programId,
    [
      meta(creator, AccountRole.WRITABLE_SIGNER),
      meta(vault.address, AccountRole.WRITABLE),
      meta(config.address, AccountRole.READONLY),
      meta(SYSTEM_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    data,
  );
}

export interface JoinVaultInput {
  participant: string | null | undefined;
  vault: string;
  lamports: bigint;
  programId?: string;
}

export async function joinVaultInstruction(input: JoinVaultInput): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const participant = requireWallet(input.participant);
  const lamports = checkJoinAmount(input.lamports);
  const deposit = await findDepositAddress(input.vault, participant, programId);
  const data = new DataWriter()
    .discriminator(INSTRUCTION_DISCRIMINATORS.joinVault)
    .u64(lamports)
    .done();
  return instruction(
    programId,
    [
      meta(participant, AccountRole.WRITABLE_SIGNER),
      meta(input.vault, AccountRole.WRITABLE),
      meta(deposit.address, AccountRole.WRITABLE),
      meta(SYSTEM_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    data,
  );
}

/**
 * @deprecated The old client's call, which took a target amount and a duration in seconds. The
 * program now derives both (0.1 SOL × multiplier, whole days): use createVaultInstruction.
 * Throws the spec's deprecation message, naming the current call.
 */
export function createVault(..._legacyArgs: unknown[]): never {
  throw new Error(CHAIN_ERROR_MESSAGES.createVaultDeprecated);
}

/**
 * @deprecated The old client's call, which took an amount in SOL. Use joinVaultInstruction with
 * lamports. Throws the spec's deprecation message, naming the current call.
 */
export function joinVault(..._legacyArgs: unknown[]): never {
  throw new Error(CHAIN_ERROR_MESSAGES.joinVaultDeprecated);
}

/** The associated token account of `owner` for `mint` (SPL Token). */
export async function findAssociatedTokenAddress(owner: string, mint: string): Promise<Address> {
  const [derived] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    seeds: [
      addressEncoder.encode(address(owner)),
      addressEncoder.encode(TOKEN_PROGRAM_ADDRESS),
      addressEncoder.encode(address(mint)),
    ],
  });
  return derived;
}

/** Creates the owner's associated token account for `mint` unless it exists (idempotent). */
export async function createAssociatedTokenAccountIdempotentInstruction(input: {
  payer: string;
  owner: string;
  mint: string;
}): Promise<Instruction> {
  const ata = await findAssociatedTokenAddress(input.owner, input.mint);
  return instruction(
    ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    [
      meta(input.payer, AccountRole.WRITABLE_SIGNER),
      meta(ata, AccountRole.WRITABLE),
      meta(input.owner, AccountRole.READONLY),
      meta(input.mint, AccountRole.READONLY),
      meta(SYSTEM_PROGRAM_ADDRESS, AccountRole.READONLY),
      meta(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    Uint8Array.of(1),
  );
}

export interface WithdrawInput {
  participant: string | null | undefined;
  vault: string;
  programId?: string;
}

/**
 * Withdraw with rewards (after the end): the DUM reward goes to the participant's associated
 * token account for the program's DUM mint; create it first in the same transaction with
 * `createAssociatedTokenAccountIdempotentInstruction` (withdrawWithRewardsInstructions does).
 */
export async function withdrawWithRewardsInstruction(
  input: WithdrawInput & { tokenAccount?: string },
): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const participant = requireWallet(input.participant);
  const [deposit, config, mint] = await Promise.all([
    findDepositAddress(input.vault, participant, programId),
    findConfigAddress(programId),
    findDumMintAddress(programId),
  ]);
  const tokenAccount =
    input.tokenAccount ?? (await findAssociatedTokenAddress(participant, mint.address));
  return instruction(
    programId,
    [
      meta(participant, AccountRole.WRITABLE_SIGNER),
      meta(input.vault, AccountRole.READONLY),
      meta(deposit.address, AccountRole.WRITABLE),
      meta(config.address, AccountRole.READONLY),
      meta(mint.address, AccountRole.WRITABLE),
      meta(tokenAccount, AccountRole.WRITABLE),
      meta(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    new DataWriter().discriminator(INSTRUCTION_DISCRIMINATORS.withdrawWithRewards).done(),
  );
}

/** The participant's token account (created if missing) followed by the withdrawal. */
export async function withdrawWithRewardsInstructions(
  input: WithdrawInput,
): Promise<Instruction[]> {
  const participant = requireWallet(input.participant);
  const mint = await findDumMintAddress(input.programId ?? VAULT_PROGRAM_ID);
  return [
    await createAssociatedTokenAccountIdempotentInstruction({
      payer: participant,
      owner: participant,
      mint: mint.address,
    }),
    await withdrawWithRewardsInstruction(input),
  ];
}

export async function earlyWithdrawInstruction(
  input: WithdrawInput & { treasury: string },
): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const participant = requireWallet(input.participant);
  const deposit = await findDepositAddress(input.vault, participant, programId);
  return instruction(
    programId,
    [
      meta(participant, AccountRole.WRITABLE_SIGNER),
      meta(input.vault, AccountRole.WRITABLE),
      meta(deposit.address, AccountRole.WRITABLE),
      meta(input.treasury, AccountRole.WRITABLE),
    ],
    new DataWriter().discriminator(INSTRUCTION_DISCRIMINATORS.earlyWithdraw).done(),
  );
}

/** Deposits a claim can carry and stay well under 20,000 compute units (docs/vault-program.md). */
export const MAX_DEPOSITS_PER_CLAIM = 20;

/** The creator takes the deposits of a vault that reached its target, a batch at a time. */
export function claimVaultInstruction(input: {
  creator: string | null | undefined;
  vault: string;
  deposits: readonly string[];
  programId?: string;
}): Instruction {
  const creator = requireWallet(input.creator);
  if (input.deposits.length === 0) throw new RangeError('claim at least one deposit');
  return instruction(
    input.programId ?? VAULT_PROGRAM_ID,
    [
      meta(creator, AccountRole.WRITABLE_SIGNER),
      meta(input.vault, AccountRole.WRITABLE),
      ...input.deposits.map((deposit) => meta(deposit, AccountRole.WRITABLE)),
    ],
    new DataWriter().discriminator(INSTRUCTION_DISCRIMINATORS.claimVault).done(),
  );
}

export interface AddMediaRefInput {
  creator: string | null | undefined;
  vault: string;
  mediaType: MediaType;
  /** SHA-256 of the media bytes: what unlocked media is checked against. */
  contentHash: Uint8Array;
  size: bigint;
  ipfsHash?: string;
  arweaveId?: string;
  metadata?: string;
  programId?: string;
}

export async function addMediaRefInstruction(input: AddMediaRefInput): Promise<Instruction> {
  const programId = input.programId ?? VAULT_PROGRAM_ID;
  const creator = requireWallet(input.creator);
  const mediaType = MEDIA_TYPES.indexOf(input.mediaType);
  if (mediaType < 0) throw new RangeError(`media type must be one of ${MEDIA_TYPES.join(', ')}`);
  const mediaRef = await findMediaRefAddress(input.vault, input.contentHash, programId);
  const data = new DataWriter()
    .discriminator(INSTRUCTION_DISCRIMINATORS.addMediaRef)
    .raw(input.contentHash)
    .u8(mediaType)
    .u64(input.size)
    .string(input.ipfsHash ?? '', MAX_IPFS_HASH_BYTES, 'ipfsHash')
    .string(input.arweaveId ?? '', MAX_ARWEAVE_ID_BYTES, 'arweaveId')
    .string(input.metadata ?? '', MAX_METADATA_BYTES, 'metadata')
    .done();
  return instruction(
    programId,
    [
      meta(creator, AccountRole.WRITABLE_SIGNER),
      meta(input.vault, AccountRole.READONLY),
      meta(mediaRef.address, AccountRole.WRITABLE),
      meta(SYSTEM_PROGRAM_ADDRESS, AccountRole.READONLY),
    ],
    data,
  );
}
