import {
  findDepositAddress,
  findVaultAddress,
  INSTRUCTION_DISCRIMINATORS,
  type OnChainDeposit,
  type OnChainVault,
} from '@dum/chain/vault-program';
import { getAddressDecoder, type Instruction } from '@solana/kit';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import type { PostVault } from '../post/index.ts';
import { escrowErrorMessage } from './escrow-chain.ts';
import {
  claimEscrow,
  createEscrowOnChain,
  DEPOSIT_RENT_LAMPORTS,
  earlyWithdrawEscrow,
  joinEscrow,
  parseJoinAmount,
  withdrawEscrow,
  type EscrowSteps,
} from './escrow-flow.ts';
import { TransactionFailedError } from '../wallet/index.ts';

const PROGRAM = 'DumVau1t11111111111111111111111111111111111';
const decodeAddress = getAddressDecoder();
function wallet(seed: number): string {
  return decodeAddress.decode(new Uint8Array(32).fill(seed));
}
const FAN = wallet(7);
const CREATOR = wallet(9);
const TREASURY = wallet(11);

const VAULT_ADDRESS = (await findVaultAddress(42n, CREATOR, PROGRAM)).address;
const target = {
  vaultId: '7',
  escrow: {
    programId: PROGRAM,
    address: VAULT_ADDRESS as string,
    postId: '42',
    multiplier: 2,
    durationSeconds: '604800',
  },
};
const SOL = 1_000_000_000n;
const synced = { id: '7', status: 'active' } as PostVault;

function discriminator(instruction: Instruction | undefined): string {
  return Buffer.from(instruction?.data?.slice(0, 8) ?? []).toString('hex');
}

function deposit(overrides: Partial<OnChainDeposit> = {}): OnChainDeposit {
  return {
    amount: SOL / 10n,
    totalDeposited: SOL / 10n,
    accruedReward: 0n,
    rewardMinted: 0n,
    penaltyPaid: 0n,
    firstDepositTs: 1n,
    lastUpdateTs: 1n,
    vault: VAULT_ADDRESS,
    participant: FAN as OnChainDeposit['participant'],
    bump: 255,
    rewarded: false,
    refunded: false,
    claimed: false,
    ...overrides,
  };
}

function steps(overrides: Partial<EscrowSteps> = {}) {
  const sent: Instruction[][] = [];
  const value: EscrowSteps & { sent: Instruction[][] } = {
    sent,
    wallet: FAN,
    getBalance: vi.fn(async () => 2n * SOL),
    sendAndConfirm: vi.fn(async (instructions: Instruction[]) => {
      sent.push(instructions);
      return `sig${sent.length}`;
    }),
    reader: {
      getVault: vi.fn(async () => ({ treasury: TREASURY }) as unknown as OnChainVault),
      getDeposit: vi.fn(async () => null),
      listDeposits: vi.fn(async () => []),
    },
    sync: vi.fn(async () => ({ vault: synced })),
    ...overrides,
  };
  return value;
}

describe('escrow flows', () => {
  it('checks the join amount before anything is signed', async () => {
    expect(() => parseJoinAmount('0')).toThrow('amount must be greater than 0');
    expect(() => parseJoinAmount('abc')).toThrow('Please enter a valid numeric amount.');
    expect(() => parseJoinAmount('0.0000000001')).toThrow('Please enter a valid numeric amount.');
    expect(parseJoinAmount('0.25')).toBe(250_000_000n);
    const s = steps();
    await expect(joinEscrow(s, target, '0')).rejects.toThrow('amount must be greater than 0');
    await expect(joinEscrow({ ...s, wallet: null }, target, '0.1')).rejects.toThrow(
      'Wallet not connected',
    );
    expect(s.sendAndConfirm).not.toHaveBeenCalled();
  });

  it('needs the amount, the fee and (on a first join) the deposit account rent', async () => {
    const need = SOL / 10n + 5_000n + DEPOSIT_RENT_LAMPORTS;
    const poor = steps({ getBalance: async () => need - 1n });
    await expect(joinEscrow(poor, target, '0.1')).rejects.toThrow(
      'Insufficient balance. You need 0.1019 SOL but only have 0.1018 SOL',
    );
    expect(poor.sendAndConfirm).not.toHaveBeenCalled();
    const again = steps({
      getBalance: async () => SOL / 10n + 5_000n,
      reader: { ...steps().reader, getDeposit: async () => deposit() },
    });
    await expect(joinEscrow(again, target, '0.1')).resolves.toMatchObject({ solText: '0.1' });
  });

  it('joins with one join_vault instruction signed by the participant, then syncs with its signature', async () => {
    const s = steps();
    const outcome = await joinEscrow(s, target, '0.15');
    expect(s.sent).toHaveLength(1);
    const [join] = s.sent[0]!;
    expect(discriminator(join)).toBe(INSTRUCTION_DISCRIMINATORS.joinVault);
    expect(join?.accounts?.[0]?.address).toBe(FAN);
    expect(join?.accounts?.[1]?.address).toBe(VAULT_ADDRESS);
    expect(join?.accounts?.[2]?.address).toBe(
      (await findDepositAddress(VAULT_ADDRESS, FAN, PROGRAM)).address,
    );
    expect(Buffer.from(join?.data?.slice(8) ?? []).readBigUInt64LE()).toBe(150_000_000n);
    expect(s.sync).toHaveBeenCalledWith('7', 'sig1');
    expect(outcome).toEqual({ signature: 'sig1', vault: synced, solText: '0.15' });
  });

  it('retries the sync while the server has not seen the vault yet, but not on other API errors', async () => {
    const sync = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(409, 'escrow_not_on_chain', 'The vault is not on chain yet'),
      )
      .mockResolvedValueOnce({ vault: synced });
    const s = steps({ sync });
    await expect(withdrawEscrow(s, target)).resolves.toMatchObject({ vault: synced });
    expect(sync).toHaveBeenCalledTimes(2);

    const refused = steps({
      sync: vi.fn(async () => {
        throw new ApiError(409, 'escrow_mismatch', 'mismatch');
      }),
    });
    await expect(withdrawEscrow(refused, target)).rejects.toThrow('mismatch');
    expect(refused.sync).toHaveBeenCalledTimes(1);
  });

  it("leaves early paying the vault's treasury, and withdraws with the token account created first", async () => {
    const s = steps();
    await earlyWithdrawEscrow(s, target);
    const [early] = s.sent[0]!;
    expect(discriminator(early)).toBe(INSTRUCTION_DISCRIMINATORS.earlyWithdraw);
    expect(early?.accounts?.[3]?.address).toBe(TREASURY);

    await withdrawEscrow(s, target);
    expect(s.sent[1]).toHaveLength(2);
    expect(discriminator(s.sent[1]![1])).toBe(INSTRUCTION_DISCRIMINATORS.withdrawWithRewards);
  });

  it('claims every unclaimed deposit, 20 per transaction, as the creator', async () => {
    const deposits = Array.from({ length: 25 }, (_, i) => ({
      address: wallet(20 + i),
      deposit: deposit({ claimed: i === 0, amount: i === 1 ? 0n : SOL / 100n }),
    }));
    const s = steps({
      wallet: CREATOR,
      reader: { ...steps().reader, listDeposits: async () => deposits },
    });
    const outcome = await claimEscrow(s, target);
    expect(outcome.claimed).toBe(23);
    expect(s.sent.map((tx) => tx[0]?.accounts?.length)).toEqual([22, 5]);
    expect(s.sync).toHaveBeenCalledTimes(1);
    expect(s.sync).toHaveBeenCalledWith('7', 'sig2');
    await expect(claimEscrow(steps({ wallet: CREATOR }), target)).rejects.toThrow(
      'Nothing to claim',
    );
  });

  it('creates the vault with its media ref in one transaction, or only syncs one already on chain', async () => {
    const s = steps({
      wallet: CREATOR,
      reader: { ...steps().reader, getVault: async () => null },
    });
    await createEscrowOnChain(
      s,
      { ...target, durationDays: 7 },
      { contentHash: new Uint8Array(32).fill(1), mediaType: 'image', size: 1234n },
    );
    expect(s.sent[0]?.map(discriminator)).toEqual([
      INSTRUCTION_DISCRIMINATORS.createVault,
      INSTRUCTION_DISCRIMINATORS.addMediaRef,
    ]);
    expect(s.sent[0]?.[0]?.accounts?.[1]?.address).toBe(VAULT_ADDRESS);

    const existing = steps({ wallet: CREATOR });
    await expect(
      createEscrowOnChain(existing, { ...target, durationDays: 7 }, null),
    ).resolves.toEqual({
      signature: null,
      vault: synced,
    });
    expect(existing.sendAndConfirm).not.toHaveBeenCalled();
  });

  it("reads the program's errors back as its texts", () => {
    expect(
      escrowErrorMessage(
        new Error(
          'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1771',
        ),
      ),
    ).toBe('Not enough accounts');
    expect(escrowErrorMessage(new Error('custom program error: 0x1778'))).toBe(
      'Program not initialized. Call initialize() first.',
    );
    expect(
      escrowErrorMessage(new TransactionFailedError({ InstructionError: [0, { Custom: 6018 }] })),
    ).toBe('The vault is still locked');
    expect(escrowErrorMessage(new TransactionFailedError('AccountInUse'))).toBe(
      'Transaction failed',
    );
    expect(escrowErrorMessage(new Error('User rejected the request.'))).toBe(
      'User rejected the request',
    );
    expect(escrowErrorMessage(new ApiError(409, 'escrow_mismatch', 'No match'))).toBe('No match');
    expect(escrowErrorMessage('weird')).toBe('Transaction failed');
  });
});
