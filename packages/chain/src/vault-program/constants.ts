/**
 * The vault program's fixed values: its address on the localnet, the labels its addresses are
 * derived from, its on-chain constants, and the Anchor-style discriminators the
 * program (programs/vault/src/vault.h) dispatches on. docs/vault-program.md states the rules.
 */

/** Where the localnet loads the committed build on first start. Other clusters: program:deploy. */
export const VAULT_PROGRAM_ID = 'DumVau1t11111111111111111111111111111111111';

/** Address labels (seeds). Vault: label, post id (u64 LE), creator. Deposit: label, vault,
 * participant. Media ref: label, vault, content hash. */
export const SEEDS = {
  config: 'config',
  dumMint: 'dum_mint',
  vault: 'vault',
  deposit: 'deposit',
  mediaRef: 'media_ref',
} as const;

export const DEFAULT_PENALTY_BPS = 500;
export const DEFAULT_REWARDS_PER_SOL = 5_000_000_000n;
export const DEFAULT_MAX_SUPPLY = 21_000_000_000_000_000n;
export const DEFAULT_STAKING_RATE_PER_SECOND = 10_000_000n;
export const BPS_DENOMINATOR = 10_000n;

/** target = 100,000,000 lamports (0.1 SOL) x multiplier. */
export const TARGET_UNIT_LAMPORTS = 100_000_000n;
export const DEFAULT_MULTIPLIER = 2;
export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 10;
export const SECONDS_PER_DAY = 86_400n;
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const U64_MAX = 0xffff_ffff_ffff_ffffn;
export const U32_MAX = 0xffff_ffff;

export const MEDIA_TYPES = ['image', 'video', 'audio', 'url'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MAX_IPFS_HASH_BYTES = 64;
export const MAX_ARWEAVE_ID_BYTES = 64;
export const MAX_METADATA_BYTES = 256;

/** sha256("global:<name>")[0..8]. */
export const INSTRUCTION_DISCRIMINATORS = {
  initializeConfig: 'd07f1501c2bec446',
  createVault: '1dedf7d0c1523687',
  joinVault: '49e1fdb0c6b4cf98',
  withdrawWithRewards: '03135f236c442ba4',
  earlyWithdraw: '1393673e623741f9',
  claimVault: '576fb0b935ace389',
  addMediaRef: '86cf13a92e9d984e',
} as const;

/** sha256("account:<Name>")[0..8]. */
export const ACCOUNT_DISCRIMINATORS = {
  config: '9b0caae01efacc82',
  vault: 'd308e82b02987577',
  deposit: '94927942cfad15e3',
  mediaRef: '4f6a48d662261e6b',
} as const;

export const ACCOUNT_SIZES = {
  config: 136,
  vault: 160,
  deposit: 136,
  mediaRef: 512,
} as const;

export const VAULT_STATUSES = ['active', 'paid_out'] as const;
export type OnChainVaultStatus = (typeof VAULT_STATUSES)[number];

/** The program's custom errors, in the order of vault.h (codes from 6000, as Anchor numbers). */
export const PROGRAM_ERRORS = [
  { name: 'InvalidInstruction', msg: 'Invalid instruction data' },
  { name: 'NotEnoughAccounts', msg: 'Not enough accounts' },
  { name: 'MissingSignature', msg: 'A required signature is missing' },
  { name: 'AccountNotWritable', msg: 'An account that must be writable is read-only' },
  { name: 'InvalidAccountOwner', msg: 'An account is not owned by the expected program' },
  { name: 'InvalidAddress', msg: 'An account is not at its program address' },
  { name: 'InvalidAccountData', msg: 'An account holds the wrong kind of data' },
  { name: 'AlreadyInitialized', msg: 'Already initialized' },
  { name: 'NotInitialized', msg: 'Program not initialized. Call initialize() first.' },
  { name: 'Unauthorized', msg: 'The signer is not allowed to do this' },
  { name: 'InvalidProgram', msg: 'Wrong program account' },
  { name: 'InvalidMint', msg: 'Wrong DUM mint' },
  { name: 'InvalidTreasury', msg: 'Wrong treasury account' },
  { name: 'InvalidPenalty', msg: 'The penalty must be at most 10000 basis points' },
  { name: 'InvalidMultiplier', msg: 'multiplier must be between 1 and 10' },
  { name: 'InvalidDuration', msg: 'durationDays must be greater than 0' },
  { name: 'InvalidAmount', msg: 'amount must be greater than 0' },
  { name: 'VaultEnded', msg: 'The vault has ended' },
  { name: 'VaultLocked', msg: 'The vault is still locked' },
  { name: 'TargetNotReached', msg: 'The vault did not reach its target' },
  { name: 'AlreadyWithdrawn', msg: 'This deposit was already withdrawn' },
  { name: 'AlreadyClaimed', msg: 'Already claimed' },
  { name: 'NothingToWithdraw', msg: 'Nothing to withdraw' },
  { name: 'Overflow', msg: 'Amount out of range' },
  { name: 'NotRentExempt', msg: 'The account would not stay rent-exempt' },
  { name: 'InvalidMediaRef', msg: 'Invalid media reference' },
  { name: 'InvalidTokenAccount', msg: 'Invalid token account' },
  { name: 'TooManyAccounts', msg: 'Too many accounts' },
  { name: 'CreatorCannotJoin', msg: 'A creator cannot join their own vault' },
] as const;

export type ProgramErrorName = (typeof PROGRAM_ERRORS)[number]['name'];
export const FIRST_ERROR_CODE = 6000;

export function programErrorCode(name: ProgramErrorName): number {
  return FIRST_ERROR_CODE + PROGRAM_ERRORS.findIndex((error) => error.name === name);
}
