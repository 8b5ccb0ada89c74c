import { getAddressDecoder, type Address } from '@solana/kit';
import {
  ACCOUNT_DISCRIMINATORS,
  ACCOUNT_SIZES,
  MEDIA_TYPES,
  VAULT_STATUSES,
  type MediaType,
  type OnChainVaultStatus,
} from './constants.ts';

/** Decoders of the program's accounts (layouts in programs/vault/src/vault.h and the IDL). */

export interface VaultConfig {
  rewardsPerSol: bigint;
  maxSupply: bigint;
  stakingRatePerSecond: bigint;
  authority: Address;
  treasury: Address;
  dumMint: Address;
  penaltyBps: number;
  bump: number;
  mintBump: number;
}

export interface OnChainVault {
  postId: bigint;
  targetAmount: bigint;
  /** Lamports locked by participants now (frozen once the vault ends). */
  totalDeposited: bigint;
  claimedAmount: bigint;
  startTs: bigint;
  endTs: bigint;
  durationSeconds: bigint;
  rewardsPerSol: bigint;
  stakingRatePerSecond: bigint;
  participantCount: bigint;
  creator: Address;
  treasury: Address;
  penaltyBps: number;
  multiplier: number;
  status: OnChainVaultStatus;
  bump: number;
}

export interface OnChainDeposit {
  amount: bigint;
  totalDeposited: bigint;
  accruedReward: bigint;
  rewardMinted: bigint;
  penaltyPaid: bigint;
  firstDepositTs: bigint;
  lastUpdateTs: bigint;
  vault: Address;
  participant: Address;
  bump: number;
  rewarded: boolean;
  refunded: boolean;
  claimed: boolean;
}

export interface OnChainMediaRef {
  size: bigint;
  createdTs: bigint;
  vault: Address;
  creator: Address;
  contentHash: Uint8Array;
  mediaType: MediaType;
  bump: number;
  ipfsHash: string;
  arweaveId: string;
  metadata: string;
}

export class AccountDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountDecodeError';
  }
}

const addressDecoder = getAddressDecoder();

class Reader {
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8(at: number): number {
    return this.view.getUint8(at);
  }
  u16(at: number): number {
    return this.view.getUint16(at, true);
  }
  u64(at: number): bigint {
    return this.view.getBigUint64(at, true);
  }
  i64(at: number): bigint {
    return this.view.getBigInt64(at, true);
  }
  address(at: number): Address {
    return addressDecoder.decode(this.bytes.subarray(at, at + 32));
  }
  bytesAt(at: number, length: number): Uint8Array {
    return this.bytes.slice(at, at + length);
  }
  text(at: number, length: number): string {
    return new TextDecoder().decode(this.bytes.subarray(at, at + length));
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function reader(data: Uint8Array, kind: keyof typeof ACCOUNT_SIZES): Reader {
  if (data.length !== ACCOUNT_SIZES[kind]) {
    throw new AccountDecodeError(`a ${kind} account is ${ACCOUNT_SIZES[kind]} bytes`);
  }
  if (hex(data.subarray(0, 8)) !== ACCOUNT_DISCRIMINATORS[kind]) {
    throw new AccountDecodeError(`not a ${kind} account`);
  }
  return new Reader(data);
}

/** Which of the program's account types `data` holds, if any. */
export function accountKind(data: Uint8Array): keyof typeof ACCOUNT_DISCRIMINATORS | null {
  const tag = hex(data.subarray(0, 8));
  for (const [kind, discriminator] of Object.entries(ACCOUNT_DISCRIMINATORS)) {
    if (discriminator === tag) return kind as keyof typeof ACCOUNT_DISCRIMINATORS;
  }
  return null;
}

export function decodeConfig(data: Uint8Array): VaultConfig {
  const r = reader(data, 'config');
  return {
    rewardsPerSol: r.u64(8),
    maxSupply: r.u64(16),
    stakingRatePerSecond: r.u64(24),
    authority: r.address(32),
    treasury: r.address(64),
    dumMint: r.address(96),
    penaltyBps: r.u16(128),
    bump: r.u8(130),
    mintBump: r.u8(131),
  };
}

export function decodeVault(data: Uint8Array): OnChainVault {
  const r = reader(data, 'vault');
  const status = VAULT_STATUSES[r.u8(155)];
  if (!status) throw new AccountDecodeError('unknown vault status');
  return {
    postId: r.u64(8),
    targetAmount: r.u64(16),
    totalDeposited: r.u64(24),
    claimedAmount: r.u64(32),
    startTs: r.i64(40),
    endTs: r.i64(48),
    durationSeconds: r.u64(56),
    rewardsPerSol: r.u64(64),
    stakingRatePerSecond: r.u64(72),
    participantCount: r.u64(80),
    creator: r.address(88),
    treasury: r.address(120),
    penaltyBps: r.u16(152),
    multiplier: r.u8(154),
    status,
    bump: r.u8(156),
  };
}

export function decodeDeposit(data: Uint8Array): OnChainDeposit {
  const r = reader(data, 'deposit');
  return {
    amount: r.u64(8),
    totalDeposited: r.u64(16),
    accruedReward: r.u64(24),
    rewardMinted: r.u64(32),
    penaltyPaid: r.u64(40),
    firstDepositTs: r.i64(48),
    lastUpdateTs: r.i64(56),
    vault: r.address(64),
    participant: r.address(96),
    bump: r.u8(128),
    rewarded: r.u8(129) !== 0,
    refunded: r.u8(130) !== 0,
    claimed: r.u8(131) !== 0,
  };
}

export function decodeMediaRef(data: Uint8Array): OnChainMediaRef {
  const r = reader(data, 'mediaRef');
  const mediaType = MEDIA_TYPES[r.u8(120)];
  if (!mediaType) throw new AccountDecodeError('unknown media type');
  return {
    size: r.u64(8),
    createdTs: r.i64(16),
    vault: r.address(24),
    creator: r.address(56),
    contentHash: r.bytesAt(88, 32),
    mediaType,
    bump: r.u8(121),
    ipfsHash: r.text(128, Math.min(r.u8(122), 64)),
    arweaveId: r.text(192, Math.min(r.u8(123), 64)),
    metadata: r.text(256, Math.min(r.u16(124), 256)),
  };
}

/** Byte offsets for getProgramAccounts memcmp filters. */
export const FILTER_OFFSETS = {
  vaultCreator: 88,
  depositVault: 64,
  depositParticipant: 96,
  mediaRefVault: 24,
} as const;
