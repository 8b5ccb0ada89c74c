import fc from 'fast-check';
import type { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { decodeDeposit, decodeVault } from './accounts.ts';
import { U64_MAX } from './constants.ts';
import {
  claimVaultInstruction,
  createVaultInstruction,
  earlyWithdrawInstruction,
  findAssociatedTokenAddress,
  joinVaultInstruction,
  withdrawWithRewardsInstructions,
} from './instructions.ts';
import { depositKey, vaultKey, VaultModel, type ModelConfig, type Outcome } from './model.ts';
import { findDepositAddress, findDumMintAddress, findVaultAddress } from './pda.ts';
import { VaultTestbed, type SendResult } from './testbed.ts';
import { AccountRole, type Instruction } from '@solana/kit';

/**
 * Random sequences of instructions and clock moves run against the model (model.ts) and the
 * real program in LiteSVM; after every step the outcome, every vault and deposit, every SOL
 * balance, each wallet's DUM and the DUM supply must agree.
 */

const WALLETS = 4;
const START_BALANCE = 1_000_000_000_000n; // 1,000 SOL each
const HOUR = 3600n;

/**
 * Derived addresses, each derived once: a derivation costs 0.5 to 1.4 ms (hashing and the
 * off-curve check), and compare() asks for every vault's deposits and every wallet's token
 * account after every step, which made them nearly all of this file's time.
 */
const derived = new Map<string, Promise<string>>();

function depositAddressOf(vault: string, owner: string): Promise<string> {
  return remembered(`deposit:${vault}:${owner}`, async () => {
    return (await findDepositAddress(vault, owner)).address;
  });
}

function tokenAccountOf(owner: string, mint: string): Promise<string> {
  return remembered(`ata:${owner}:${mint}`, () => findAssociatedTokenAddress(owner, mint));
}

function remembered(key: string, derive: () => Promise<string>): Promise<string> {
  let address = derived.get(key);
  if (!address) {
    address = derive();
    derived.set(key, address);
  }
  return address;
}

type Action =
  | { kind: 'create'; creator: number; postId: bigint; multiplier: number; days: number }
  | { kind: 'join'; participant: number; vault: number; lamports: bigint }
  | { kind: 'early'; participant: number; vault: number; depositor: boolean }
  | { kind: 'withdraw'; participant: number; vault: number; depositor: boolean }
  | { kind: 'claim'; signer: number; vault: number; participants: number[]; byCreator: boolean }
  | { kind: 'wait'; seconds: bigint };

const wallet = fc.integer({ min: 0, max: WALLETS - 1 });
const vaultPick = fc.nat({ max: 20 });
/** Usually act as someone the rule applies to (a depositor, the creator), sometimes not. */
const mostly = fc.oneof(
  { weight: 4, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      creator: wallet,
      postId: fc.bigInt({ min: 0n, max: 3n }),
      multiplier: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 10 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, 11, 255) },
      ),
      days: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
        { weight: 1, arbitrary: fc.constant(0) },
      ),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      participant: wallet,
      vault: vaultPick,
      lamports: fc.oneof(
        { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 400_000_000n }) },
        { weight: 1, arbitrary: fc.constantFrom(0n, U64_MAX, START_BALANCE * 2n) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('early' as const),
      participant: wallet,
      vault: vaultPick,
      depositor: mostly,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      participant: wallet,
      vault: vaultPick,
      depositor: mostly,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      signer: wallet,
      vault: vaultPick,
      participants: fc.array(wallet, { minLength: 1, maxLength: 4 }),
      byCreator: mostly,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      seconds: fc.oneof(
        fc.bigInt({ min: 0n, max: 12n * HOUR }),
        fc.bigInt({ min: 1n, max: 3n * 86_400n }),
      ),
    }),
  },
);

const openingArb: fc.Arbitrary<Action> = fc.record({
  kind: fc.constant('create' as const),
  creator: wallet,
  postId: fc.bigInt({ min: 0n, max: 3n }),
  multiplier: fc.integer({ min: 1, max: 3 }),
  days: fc.integer({ min: 1, max: 2 }),
});

const configArb: fc.Arbitrary<ModelConfig> = fc.record({
  penaltyBps: fc.integer({ min: 0, max: 10_000 }),
  rewardsPerSol: fc.oneof(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.constant(U64_MAX)),
  maxSupply: fc.oneof(
    fc.bigInt({ min: 0n, max: 50_000_000_000n }),
    fc.constant(21_000_000_000_000_000n),
  ),
  stakingRatePerSecond: fc.oneof(fc.bigInt({ min: 0n, max: 100_000_000n }), fc.constant(U64_MAX)),
});

function outcomeOf(result: SendResult): Outcome {
  if (result.ok) return { ok: true };
  return { ok: false, error: result.programError?.errorName ?? 'SystemFailure' };
}

class Run {
  readonly bed = new VaultTestbed();
  readonly wallets: Keypair[] = [];
  readonly vaultAddresses = new Map<string, string>();
  model!: VaultModel;
  mint = '';

  async start(config: ModelConfig): Promise<void> {
    const init = await this.bed.initializeConfig(config);
    if (!init.ok) throw new Error(`initialize failed: ${JSON.stringify(init.err)}`);
    for (let i = 0; i < WALLETS; i++) this.wallets.push(this.bed.newFundedKeypair(START_BALANCE));
    const rent = (n: bigint) => this.bed.svm.minimumBalanceForRentExemption(n);
    this.model = new VaultModel(
      config,
      { vault: rent(160n), deposit: rent(136n), tokenAccount: rent(165n) },
      this.wallets.map(() => START_BALANCE),
      this.bed.balance(this.bed.treasury.publicKey.toBase58()),
      this.bed.now,
    );
    this.mint = (await findDumMintAddress()).address;
  }

  key(i: number): string {
    const keypair = this.wallets[i];
    if (!keypair) throw new Error(`no wallet ${i}`);
    return keypair.publicKey.toBase58();
  }

  signer(i: number): Keypair {
    const keypair = this.wallets[i];
    if (!keypair) throw new Error(`no wallet ${i}`);
    return keypair;
  }

  /** The n-th vault created so far (modulo), or null before the first. */
  pickVault(n: number, withDeposits = false): { key: string; address: string } | null {
    let keys = [...this.vaultAddresses.keys()];
    if (withDeposits) {
      const held = keys.filter((key) =>
        [...Array(WALLETS).keys()].some((p) => this.model.deposits.has(depositKey(key, p))),
      );
      if (held.length > 0) keys = held;
    }
    if (keys.length === 0) return null;
    const key = keys[n % keys.length] as string;
    return { key, address: this.vaultAddresses.get(key) as string };
  }

  /** With `depositor`, `n` picks among the wallets holding a deposit in the vault. */
  participantFor(vault: string, n: number, depositor: boolean): number {
    if (!depositor) return n;
    const holders = [...Array(WALLETS).keys()].filter((p) =>
      this.model.deposits.has(depositKey(vault, p)),
    );
    return holders.length === 0 ? n : (holders[n % holders.length] as number);
  }

  // Long: one case per kind of action, each checking the program against the model.
  async step(action: Action): Promise<void> {
    const { bed, model } = this;
    let expected: Outcome;
    let actual: Outcome;
    switch (action.kind) {
      case 'wait':
        bed.advance(action.seconds);
        model.advance(action.seconds);
        return;
      case 'create': {
        const ix = await createVaultInstruction({
          creator: this.key(action.creator),
          postId: action.postId,
          durationDays: 1,
        });
        // Bypass the client's checks: the program must refuse bad values itself.
        const data = Uint8Array.from(ix.data ?? []);
        data[16] = action.multiplier;
        new DataView(data.buffer).setUint32(17, action.days, true);
        expected = model.createVault(action.creator, action.postId, action.multiplier, action.days);
        actual = outcomeOf(bed.send([{ ...ix, data }], [this.signer(action.creator)]));
        const key = vaultKey(action.postId, action.creator);
        if (actual.ok) {
          this.vaultAddresses.set(
            key,
            (await findVaultAddress(action.postId, this.key(action.creator))).address,
          );
        }
        break;
      }
      case 'join': {
        const vault = this.pickVault(action.vault);
        if (!vault) return;
        const ix = await joinVaultInstruction({
          participant: this.key(action.participant),
          vault: vault.address,
          lamports: action.lamports === 0n ? 1n : action.lamports,
        });
        const data = Uint8Array.from(ix.data ?? []);
        new DataView(data.buffer).setBigUint64(8, action.lamports, true);
        expected = model.join(action.participant, vault.key, action.lamports);
        actual = outcomeOf(bed.send([{ ...ix, data }], [this.signer(action.participant)]));
        break;
      }
      case 'early': {
        const vault = this.pickVault(action.vault, action.depositor);
        if (!vault) return;
        const participant = this.participantFor(vault.key, action.participant, action.depositor);
        const ix = await earlyWithdrawInstruction({
          participant: this.key(participant),
          vault: vault.address,
          treasury: bed.treasury.publicKey.toBase58(),
        });
        expected = model.earlyWithdraw(participant, vault.key);
        actual = outcomeOf(bed.send([ix], [this.signer(participant)]));
        break;
      }
      case 'withdraw': {
        const vault = this.pickVault(action.vault, action.depositor);
        if (!vault) return;
        const participant = this.participantFor(vault.key, action.participant, action.depositor);
        const ixs = await withdrawWithRewardsInstructions({
          participant: this.key(participant),
          vault: vault.address,
        });
        expected = model.withdrawWithRewards(participant, vault.key);
        actual = outcomeOf(bed.send(ixs, [this.signer(participant)]));
        break;
      }
      case 'claim': {
        const vault = this.pickVault(action.vault, action.byCreator);
        if (!vault) return;
        const signer = action.byCreator
          ? (model.vaults.get(vault.key)?.creator ?? action.signer)
          : action.signer;
        const chosen = action.participants.map((n) =>
          this.participantFor(vault.key, n, action.byCreator),
        );
        // A creator claims each deposit once; someone else may try anything.
        const participants = action.byCreator ? [...new Set(chosen)] : chosen;
        const deposits = await Promise.all(
          participants.map((p) => depositAddressOf(vault.address, this.key(p))),
        );
        const ix: Instruction = claimVaultInstruction({
          creator: this.key(signer),
          vault: vault.address,
          deposits,
        });
        expect(ix.accounts?.[0]?.role).toBe(AccountRole.WRITABLE_SIGNER);
        expected = model.claim(signer, vault.key, participants);
        actual = outcomeOf(bed.send([ix], [this.signer(signer)]));
        break;
      }
    }
    expect(
      actual,
      JSON.stringify(action, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v)),
    ).toEqual(expected);
  }

  async compare(): Promise<void> {
    const { bed, model } = this;
    for (const [key, vaultAddress] of this.vaultAddresses) {
      const expected = model.vaults.get(key);
      const onChain = decodeVault(bed.account(vaultAddress)!.data);
      expect(onChain).toMatchObject({
        targetAmount: expected?.targetAmount,
        totalDeposited: expected?.totalDeposited,
        claimedAmount: expected?.claimedAmount,
        startTs: expected?.startTs,
        endTs: expected?.endTs,
        durationSeconds: expected?.durationSeconds,
        participantCount: expected?.participantCount,
        multiplier: expected?.multiplier,
        status: expected?.status,
      });
      for (let p = 0; p < WALLETS; p++) {
        const address = await depositAddressOf(vaultAddress, this.key(p));
        const account = bed.account(address);
        const modelDeposit = model.deposits.get(depositKey(key, p));
        if (!modelDeposit) {
          expect(account).toBeNull();
          continue;
        }
        expect(decodeDeposit(account!.data)).toMatchObject(modelDeposit);
        expect(account!.lamports).toBe(model.depositLamports.get(depositKey(key, p)));
      }
    }
    for (let i = 0; i < WALLETS; i++) {
      expect(bed.balance(this.key(i)), `wallet ${i}`).toBe(model.wallets[i]);
      const ata = bed.account(await tokenAccountOf(this.key(i), this.mint));
      const dum = ata
        ? new DataView(ata.data.buffer, ata.data.byteOffset).getBigUint64(64, true)
        : 0n;
      expect(dum, `DUM of wallet ${i}`).toBe(model.dum[i]);
    }
    expect(bed.balance(bed.treasury.publicKey.toBase58())).toBe(model.treasury);
    const mint = bed.account(this.mint)!;
    expect(new DataView(mint.data.buffer, mint.data.byteOffset).getBigUint64(36, true)).toBe(
      model.supply,
    );
  }
}

describe('the program agrees with its model', () => {
  it('over random instruction sequences and clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        configArb,
        fc.array(openingArb, { minLength: 1, maxLength: 3 }),
        fc.array(actionArb, { minLength: 10, maxLength: 60 }),
        async (config, openings, actions) => {
          const run = new Run();
          await run.start(config);
          // A few vaults first, so that most actions have one to act on.
          for (const action of [...openings, ...actions]) {
            await run.step(action);
            await run.compare();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
