import {
  MAX_MULTIPLIER,
  MIN_MULTIPLIER,
  SECONDS_PER_DAY,
  TARGET_UNIT_LAMPORTS,
  U64_MAX,
  type ProgramErrorName,
} from './constants.ts';
import type { OnChainDeposit, OnChainVault } from './accounts.ts';
import { earlyWithdrawPenalty, lockedReward, satAdd, secondsBetween } from './rules.ts';

/**
 * The vault program's rules as a plain state machine: what each instruction does to vaults,
 * deposits, SOL balances and the DUM supply, and which error it fails with. The property test
 * runs random sequences against this model and the real program side by side.
 *
 * Wallets are numbered; a vault is identified by (post id, creator), a deposit by (vault,
 * participant). Every transaction has one signer who pays the 5,000-lamport fee, also when it
 * fails.
 */

export const SIGNATURE_FEE = 5000n;

export interface ModelConfig {
  penaltyBps: number;
  rewardsPerSol: bigint;
  maxSupply: bigint;
  stakingRatePerSecond: bigint;
}

export interface ModelRents {
  vault: bigint;
  deposit: bigint;
  tokenAccount: bigint;
}

/** The fields of the program's vault account the model tracks; wallets are numbers here. */
export interface ModelVault extends Pick<
  OnChainVault,
  | 'postId'
  | 'targetAmount'
  | 'totalDeposited'
  | 'claimedAmount'
  | 'startTs'
  | 'endTs'
  | 'durationSeconds'
  | 'multiplier'
  | 'participantCount'
  | 'status'
> {
  creator: number;
}

/** The program's deposit account less its addresses and bump: a deposit's key names those. */
export type ModelDeposit = Omit<OnChainDeposit, 'vault' | 'participant' | 'bump'>;

export type Outcome = { ok: true } | { ok: false; error: ProgramErrorName | 'SystemFailure' };

export function vaultKey(postId: bigint, creator: number): string {
  return `${postId}/${creator}`;
}

export function depositKey(vault: string, participant: number): string {
  return `${vault}/${participant}`;
}

class Failure extends Error {
  constructor(readonly outcome: Outcome & { ok: false }) {
    super(outcome.error);
  }
}

function fail(error: ProgramErrorName | 'SystemFailure'): never {
  throw new Failure({ ok: false, error });
}

export class VaultModel {
  now: bigint;
  supply = 0n;
  readonly vaults = new Map<string, ModelVault>();
  readonly deposits = new Map<string, ModelDeposit>();
  /** SOL of each wallet, of the treasury and of each deposit account (rent included). */
  readonly wallets: bigint[];
  treasury: bigint;
  readonly depositLamports = new Map<string, bigint>();
  readonly dum: bigint[];
  readonly hasTokenAccount: boolean[];

  constructor(
    readonly config: ModelConfig,
    readonly rents: ModelRents,
    startBalances: bigint[],
    treasury: bigint,
    now: bigint,
  ) {
    this.wallets = [...startBalances];
    this.treasury = treasury;
    this.now = now;
    this.dum = startBalances.map(() => 0n);
    this.hasTokenAccount = startBalances.map(() => false);
  }

  /** A vault's reward terms: the config's, copied when it was created. */
  private termsOf(v: ModelVault) {
    return {
      rewardsPerSol: this.config.rewardsPerSol,
      stakingRatePerSecond: this.config.stakingRatePerSecond,
      durationSeconds: v.durationSeconds,
    };
  }

  advance(seconds: bigint): void {
    this.now += seconds;
  }

  /**
   * Runs one transaction: the fee is always paid; the changes apply only if every check
   * passes (a failed transaction changes nothing else).
   */
  private transaction(signer: number, body: (staged: Staged) => void): Outcome {
    this.wallets[signer] = (this.wallets[signer] ?? 0n) - SIGNATURE_FEE;
    const staged = new Staged(this);
    try {
      body(staged);
    } catch (error) {
      if (error instanceof Failure) return error.outcome;
      throw error;
    }
    staged.commit();
    return { ok: true };
  }

  createVault(creator: number, postId: bigint, multiplier: number, durationDays: number): Outcome {
    return this.transaction(creator, (s) => {
      if (multiplier < MIN_MULTIPLIER || multiplier > MAX_MULTIPLIER) fail('InvalidMultiplier');
      if (durationDays === 0) fail('InvalidDuration');
      const key = vaultKey(postId, creator);
      if (this.vaults.has(key)) fail('AlreadyInitialized');
      s.pay(creator, this.rents.vault);
      s.vaults.set(key, {
        postId,
        creator,
        targetAmount: TARGET_UNIT_LAMPORTS * BigInt(multiplier),
        totalDeposited: 0n,
        claimedAmount: 0n,
        startTs: this.now,
        endTs: this.now + BigInt(durationDays) * SECONDS_PER_DAY,
        durationSeconds: BigInt(durationDays) * SECONDS_PER_DAY,
        multiplier,
        participantCount: 0n,
        status: 'active',
      });
    });
  }

  join(participant: number, vault: string, lamports: bigint): Outcome {
    return this.transaction(participant, (s) => {
      if (lamports === 0n) fail('InvalidAmount');
      const v = s.vault(vault);
      if (v.creator === participant) fail('CreatorCannotJoin');
      if (v.status !== 'active' || this.now >= v.endTs) fail('VaultEnded');
      const total = v.totalDeposited + lamports;
      if (total > U64_MAX) fail('Overflow');
      const key = depositKey(vault, participant);
      let d = s.deposits.get(key);
      if (!d) {
        s.pay(participant, this.rents.deposit);
        s.depositLamports.set(key, this.rents.deposit);
        d = {
          amount: 0n,
          totalDeposited: 0n,
          accruedReward: 0n,
          rewardMinted: 0n,
          penaltyPaid: 0n,
          firstDepositTs: this.now,
          lastUpdateTs: this.now,
          rewarded: false,
          refunded: false,
          claimed: false,
        };
        s.deposits.set(key, d);
        v.participantCount += 1n;
      }
      if (d.amount + lamports > U64_MAX || d.totalDeposited + lamports > U64_MAX) fail('Overflow');
      if ((s.wallets[participant] ?? 0n) < lamports) fail('SystemFailure');
      s.pay(participant, lamports);
      s.depositLamports.set(key, (s.depositLamports.get(key) ?? 0n) + lamports);
      d.accruedReward = satAdd(
        d.accruedReward,
        lockedReward(this.termsOf(v), d.amount, secondsBetween(d.lastUpdateTs, this.now)),
      );
      d.lastUpdateTs = this.now;
      d.amount += lamports;
      d.totalDeposited += lamports;
      v.totalDeposited = total;
    });
  }

  earlyWithdraw(participant: number, vault: string): Outcome {
    return this.transaction(participant, (s) => {
      const v = s.vault(vault);
      const key = depositKey(vault, participant);
      const d = s.deposit(key);
      if (v.status !== 'active' || this.now >= v.endTs) fail('VaultEnded');
      if (d.amount === 0n) fail('NothingToWithdraw');
      const penalty = earlyWithdrawPenalty(d.amount, this.config.penaltyBps);
      s.receive(participant, d.amount - penalty);
      s.treasury += penalty;
      s.depositLamports.set(key, (s.depositLamports.get(key) ?? 0n) - d.amount);
      v.totalDeposited -= d.amount;
      d.penaltyPaid += penalty;
      d.amount = 0n;
      d.accruedReward = 0n;
      d.lastUpdateTs = this.now;
    });
  }

  withdrawWithRewards(participant: number, vault: string): Outcome {
    return this.transaction(participant, (s) => {
      if (!s.hasTokenAccount[participant]) {
        // The client creates the token account first, in the same transaction.
        s.pay(participant, this.rents.tokenAccount);
        s.hasTokenAccount[participant] = true;
      }
      const v = s.vault(vault);
      const key = depositKey(vault, participant);
      const d = s.deposit(key);
      if (this.now < v.endTs) fail('VaultLocked');
      if (d.rewarded) fail('AlreadyWithdrawn');
      if (d.amount === 0n) fail('NothingToWithdraw');
      const reward = satAdd(
        d.accruedReward,
        lockedReward(this.termsOf(v), d.amount, secondsBetween(d.lastUpdateTs, v.endTs)),
      );
      const mintable = this.config.maxSupply > s.supply ? this.config.maxSupply - s.supply : 0n;
      const minted = reward < mintable ? reward : mintable;
      s.supply += minted;
      s.dum[participant] = (s.dum[participant] ?? 0n) + minted;
      if (v.totalDeposited < v.targetAmount) {
        s.receive(participant, d.amount);
        s.depositLamports.set(key, (s.depositLamports.get(key) ?? 0n) - d.amount);
        d.refunded = true;
      }
      d.rewarded = true;
      d.rewardMinted = minted;
    });
  }

  claim(signer: number, vault: string, participants: number[]): Outcome {
    return this.transaction(signer, (s) => {
      const v = s.vault(vault);
      if (v.creator !== signer) fail('Unauthorized');
      if (this.now < v.endTs) fail('VaultLocked');
      if (v.totalDeposited < v.targetAmount) fail('TargetNotReached');
      if (v.status === 'paid_out') fail('AlreadyClaimed');
      for (const participant of participants) {
        const key = depositKey(vault, participant);
        const d = s.deposit(key);
        if (d.claimed) fail('AlreadyClaimed');
        if (d.amount === 0n) fail('NothingToWithdraw');
        v.claimedAmount += d.amount;
        s.receive(signer, d.amount);
        s.depositLamports.set(key, (s.depositLamports.get(key) ?? 0n) - d.amount);
        d.claimed = true;
      }
      if (v.claimedAmount === v.totalDeposited) v.status = 'paid_out';
    });
  }
}

/** A transaction's working copy of the model, applied only when it succeeds. */
class Staged {
  readonly vaults: Map<string, ModelVault>;
  readonly deposits: Map<string, ModelDeposit>;
  readonly depositLamports: Map<string, bigint>;
  readonly wallets: bigint[];
  readonly dum: bigint[];
  readonly hasTokenAccount: boolean[];
  treasury: bigint;
  supply: bigint;

  constructor(private readonly model: VaultModel) {
    this.vaults = new Map([...model.vaults].map(([k, v]) => [k, { ...v }]));
    this.deposits = new Map([...model.deposits].map(([k, d]) => [k, { ...d }]));
    this.depositLamports = new Map(model.depositLamports);
    this.wallets = [...model.wallets];
    this.dum = [...model.dum];
    this.hasTokenAccount = [...model.hasTokenAccount];
    this.treasury = model.treasury;
    this.supply = model.supply;
  }

  vault(key: string): ModelVault {
    // The property test only names vaults that exist; a missing one is the owner check failing.
    return this.vaults.get(key) ?? fail('InvalidAccountOwner');
  }

  deposit(key: string): ModelDeposit {
    // No deposit yet: the address holds an empty system account, which is not ours.
    return this.deposits.get(key) ?? fail('InvalidAccountOwner');
  }

  pay(wallet: number, lamports: bigint): void {
    this.wallets[wallet] = (this.wallets[wallet] ?? 0n) - lamports;
  }

  receive(wallet: number, lamports: bigint): void {
    this.wallets[wallet] = (this.wallets[wallet] ?? 0n) + lamports;
  }

  commit(): void {
    const m = this.model;
    m.vaults.clear();
    for (const [k, v] of this.vaults) m.vaults.set(k, v);
    m.deposits.clear();
    for (const [k, d] of this.deposits) m.deposits.set(k, d);
    m.depositLamports.clear();
    for (const [k, l] of this.depositLamports) m.depositLamports.set(k, l);
    m.wallets.splice(0, m.wallets.length, ...this.wallets);
    m.dum.splice(0, m.dum.length, ...this.dum);
    m.hasTokenAccount.splice(0, m.hasTokenAccount.length, ...this.hasTokenAccount);
    m.treasury = this.treasury;
    m.supply = this.supply;
  }
}
