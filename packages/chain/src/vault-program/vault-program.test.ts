import { createInitializeMint2Instruction, MINT_SIZE } from '@solana/spl-token';
import { AccountRole, address, type Instruction } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeConfig, decodeDeposit, decodeMediaRef, decodeVault } from './accounts.ts';
import {
  DEFAULT_MAX_SUPPLY,
  DEFAULT_REWARDS_PER_SOL,
  DEFAULT_STAKING_RATE_PER_SECOND,
  SECONDS_PER_DAY,
  U64_MAX,
  type ProgramErrorName,
} from './constants.ts';
import {
  addMediaRefInstruction,
  claimVaultInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createVaultInstruction,
  earlyWithdrawInstruction,
  findAssociatedTokenAddress,
  initializeConfigInstruction,
  joinVaultInstruction,
  withdrawWithRewardsInstruction,
  withdrawWithRewardsInstructions,
} from './instructions.ts';
import {
  findConfigAddress,
  findDepositAddress,
  findDumMintAddress,
  findMediaRefAddress,
  findVaultAddress,
} from './pda.ts';
import { baseReward, lockedReward, stakingReward } from './rules.ts';
import { VaultTestbed, type SendResult } from './testbed.ts';
import { toWeb3Instruction } from './web3.ts';

/** Examples of every instruction and every attack the issue lists, on the real runtime. */

let bed: VaultTestbed;
let creator: Keypair;
let alice: Keypair;
let bob: Keypair;
let mallory: Keypair;

const FEE = 5000n;
const DAY = SECONDS_PER_DAY;

function expectOk(result: SendResult): SendResult {
  if (!result.ok) throw new Error(`${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
  return result;
}

function expectError(result: SendResult, name: ProgramErrorName): void {
  if (result.ok) throw new Error(`expected ${name}, but the transaction succeeded`);
  expect(result.programError?.errorName, result.logs.join('\n')).toBe(name);
}

function key(keypair: Keypair): string {
  return keypair.publicKey.toBase58();
}

/** The same instruction with one account replaced (and optionally its role changed). */
function withAccount(
  ix: Instruction,
  index: number,
  value: string,
  role?: AccountRole,
): Instruction {
  const accounts = [...(ix.accounts ?? [])];
  const current = accounts[index];
  if (!current) throw new Error(`no account ${index}`);
  accounts[index] = { address: address(value), role: role ?? current.role };
  return { ...ix, accounts };
}

function withData(ix: Instruction, edit: (data: Uint8Array) => Uint8Array): Instruction {
  return { ...ix, data: edit(Uint8Array.from(ix.data ?? [])) };
}

async function createVault(owner = creator, postId = 42n, multiplier = 2, durationDays = 7) {
  const ix = await createVaultInstruction({
    creator: key(owner),
    postId,
    multiplier,
    durationDays,
  });
  expectOk(bed.send([ix], [owner]));
  return (await findVaultAddress(postId, key(owner))).address;
}

async function join(vault: string, participant: Keypair, lamports: bigint): Promise<SendResult> {
  return bed.send(
    [await joinVaultInstruction({ participant: key(participant), vault, lamports })],
    [participant],
  );
}

async function withdraw(vault: string, participant: Keypair): Promise<SendResult> {
  return bed.send(await withdrawWithRewardsInstructions({ participant: key(participant), vault }), [
    participant,
  ]);
}

async function earlyWithdraw(vault: string, participant: Keypair): Promise<SendResult> {
  const ix = await earlyWithdrawInstruction({
    participant: key(participant),
    vault,
    treasury: key(bed.treasury),
  });
  return bed.send([ix], [participant]);
}

async function depositOf(vault: string, participant: Keypair): Promise<string> {
  return (await findDepositAddress(vault, key(participant))).address;
}

async function dumBalance(owner: Keypair): Promise<bigint> {
  const mint = (await findDumMintAddress()).address;
  const ata = bed.account(await findAssociatedTokenAddress(key(owner), mint));
  if (!ata) return 0n;
  return new DataView(ata.data.buffer, ata.data.byteOffset).getBigUint64(64, true);
}

/** Another SPL mint, to pass where the DUM mint belongs. */
function createOtherMint(): string {
  const mint = Keypair.generate();
  const payer = bed.upgradeAuthority;
  const tx = new Transaction({
    feePayer: payer.publicKey,
    blockhash: bed.svm.latestBlockhash(),
    lastValidBlockHeight: 0,
  }).add(
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: Number(bed.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
      space: MINT_SIZE,
      programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    }),
    createInitializeMint2Instruction(mint.publicKey, 9, payer.publicKey, null),
  );
  tx.sign(payer, mint);
  const result = bed.svm.sendLegacyTransaction(tx.serialize());
  if ('err' in result) throw new Error('creating a mint failed');
  return mint.publicKey.toBase58();
}

beforeEach(async () => {
  bed = new VaultTestbed();
  expectOk(await bed.initializeConfig());
  creator = bed.newFundedKeypair();
  alice = bed.newFundedKeypair();
  bob = bed.newFundedKeypair();
  mallory = bed.newFundedKeypair();
});

describe('initialize config', () => {
  it('records the treasury, the defaults and a DUM mint whose authority is the config address', async () => {
    const configAddress = (await findConfigAddress()).address;
    const config = decodeConfig(bed.account(configAddress)!.data);
    expect(config).toMatchObject({
      authority: key(bed.upgradeAuthority),
      treasury: key(bed.treasury),
      penaltyBps: 500,
      rewardsPerSol: DEFAULT_REWARDS_PER_SOL,
      maxSupply: DEFAULT_MAX_SUPPLY,
      stakingRatePerSecond: DEFAULT_STAKING_RATE_PER_SECOND,
      dumMint: (await findDumMintAddress()).address,
    });
    const mint = bed.account(config.dumMint)!;
    expect(mint.owner).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    // COption<Pubkey> mint authority: tag 1, then the config address; 9 decimals; no freeze.
    expect(new DataView(mint.data.buffer, mint.data.byteOffset).getUint32(0, true)).toBe(1);
    expect(new PublicKey(mint.data.subarray(4, 36)).toBase58()).toBe(configAddress);
    expect(mint.data[44]).toBe(9);
    expect(mint.data[46]).toBe(0);
  });

  it('cannot be initialised twice', async () => {
    expectError(await bed.initializeConfig(), 'AlreadyInitialized');
  });

  it('is for the upgrade authority only', async () => {
    const other = new VaultTestbed();
    const impostor = other.newFundedKeypair();
    const ix = await initializeConfigInstruction({
      authority: key(impostor),
      treasury: key(impostor),
    });
    expectError(other.send([ix], [impostor]), 'Unauthorized');
    // A forged ProgramData account (owned by someone else) does not help.
    const forged = Keypair.generate();
    other.setAccount(key(forged), {
      lamports: 10_000_000n,
      data: new Uint8Array(45),
      owner: key(impostor),
      executable: false,
    });
    expectError(other.send([withAccount(ix, 4, key(forged))], [impostor]), 'InvalidAccountOwner');
  });

  it('refuses a penalty above 100%', async () => {
    const other = new VaultTestbed();
    expectError(await other.initializeConfig({ penaltyBps: 10_001 }), 'InvalidPenalty');
  });

  it('wants a treasury that exists (penalties could not be paid into an empty account)', async () => {
    const other = new VaultTestbed();
    expectError(
      await other.initializeConfig({ treasury: Keypair.generate().publicKey.toBase58() }),
      'InvalidTreasury',
    );
  });

  it('must come first: vaults need it (error: Program not initialized)', async () => {
    const other = new VaultTestbed();
    const someone = other.newFundedKeypair();
    const ix = await createVaultInstruction({ creator: key(someone), postId: 1n, durationDays: 1 });
    const result = other.send([ix], [someone]);
    expectError(result, 'NotInitialized');
    expect(result.ok ? '' : result.programError?.message).toBe(
      'Program not initialized. Call initialize() first.',
    );
  });
});

describe('create vault', () => {
  it('derives the target from the multiplier and the end from the clock', async () => {
    const vault = decodeVault(bed.account(await createVault(creator, 7n, 3, 2))!.data);
    expect(vault).toMatchObject({
      postId: 7n,
      targetAmount: 300_000_000n,
      totalDeposited: 0n,
      startTs: bed.now,
      endTs: bed.now + 2n * DAY,
      durationSeconds: 2n * DAY,
      creator: key(creator),
      treasury: key(bed.treasury),
      penaltyBps: 500,
      multiplier: 3,
      status: 'active',
      rewardsPerSol: DEFAULT_REWARDS_PER_SOL,
    });
  });

  it('checks multiplier and duration on chain too', async () => {
    const ix = await createVaultInstruction({ creator: key(creator), postId: 9n, durationDays: 1 });
    for (const multiplier of [0, 11, 255]) {
      const bad = withData(ix, (data) => {
        data[16] = multiplier;
        return data;
      });
      expectError(bed.send([bad], [creator]), 'InvalidMultiplier');
    }
    const zeroDays = withData(ix, (data) => {
      data.set([0, 0, 0, 0], 17);
      return data;
    });
    expectError(bed.send([zeroDays], [creator]), 'InvalidDuration');
  });

  it('is created once per post and creator', async () => {
    await createVault(creator, 5n);
    const again = await createVaultInstruction({
      creator: key(creator),
      postId: 5n,
      durationDays: 3,
    });
    expectError(bed.send([again], [creator]), 'AlreadyInitialized');
  });

  it('refuses an address that is not the derived one', async () => {
    const ix = await createVaultInstruction({ creator: key(creator), postId: 6n, durationDays: 3 });
    const elsewhere = (await findVaultAddress(6n, key(alice))).address;
    expectError(bed.send([withAccount(ix, 1, elsewhere)], [creator]), 'InvalidAddress');
  });
});

describe('join, withdraw, claim', () => {
  it('holds each participant’s SOL in their deposit account', async () => {
    const vault = await createVault();
    const before = bed.balance(key(alice));
    expectOk(await join(vault, alice, 150_000_000n));
    expectOk(await join(vault, alice, 50_000_000n));
    const depositAddress = await depositOf(vault, alice);
    const deposit = decodeDeposit(bed.account(depositAddress)!.data);
    const rent = bed.svm.minimumBalanceForRentExemption(136n);
    expect(deposit).toMatchObject({ amount: 200_000_000n, totalDeposited: 200_000_000n });
    expect(bed.balance(depositAddress)).toBe(rent + 200_000_000n);
    expect(before - bed.balance(key(alice))).toBe(200_000_000n + rent + 2n * FEE);
    const state = decodeVault(bed.account(vault)!.data);
    expect(state.totalDeposited).toBe(200_000_000n);
    expect(state.participantCount).toBe(1n);
  });

  it('refuses zero lamports and joining after the end', async () => {
    const vault = await createVault();
    const ix = await joinVaultInstruction({ participant: key(alice), vault, lamports: 1n });
    const zero = withData(ix, (data) => {
      data.fill(0, 8);
      return data;
    });
    expectError(bed.send([zero], [alice]), 'InvalidAmount');
    bed.advance(7n * DAY);
    expectError(await join(vault, alice, 1n), 'VaultEnded');
  });

  it('pays the creator when the target is reached and mints the participants’ DUM', async () => {
    const vault = await createVault(); // target 0.2 SOL, 7 days
    expectOk(await join(vault, alice, 150_000_000n));
    bed.advance(DAY);
    expectOk(await join(vault, bob, 100_000_000n));
    bed.advance(6n * DAY);

    expectOk(await withdraw(vault, alice));
    // Locked the whole term: all of the rewards per SOL (5 DUM per SOL) plus staking.
    const aliceReward =
      baseReward(150_000_000n, DEFAULT_REWARDS_PER_SOL, 7n * DAY, 7n * DAY) +
      stakingReward(150_000_000n, DEFAULT_STAKING_RATE_PER_SECOND, 7n * DAY);
    expect(baseReward(150_000_000n, DEFAULT_REWARDS_PER_SOL, 7n * DAY, 7n * DAY)).toBe(
      750_000_000n,
    );
    expect(await dumBalance(alice)).toBe(aliceReward);
    // The target was reached: alice's SOL stays for the creator.
    const deposits = [await depositOf(vault, alice), await depositOf(vault, bob)];
    const before = bed.balance(key(creator));
    expectOk(
      bed.send([claimVaultInstruction({ creator: key(creator), vault, deposits })], [creator]),
    );
    expect(bed.balance(key(creator)) - before).toBe(250_000_000n - FEE);
    const state = decodeVault(bed.account(vault)!.data);
    expect(state).toMatchObject({ status: 'paid_out', claimedAmount: 250_000_000n });
    // Bob still gets his DUM after the claim, and nothing else.
    const bobSol = bed.balance(key(bob));
    expectOk(await withdraw(vault, bob));
    // Six days of seven: six sevenths of the rewards per SOL.
    expect(await dumBalance(bob)).toBe(
      baseReward(100_000_000n, DEFAULT_REWARDS_PER_SOL, 6n * DAY, 7n * DAY) +
        stakingReward(100_000_000n, DEFAULT_STAKING_RATE_PER_SECOND, 6n * DAY),
    );
    expect(baseReward(100_000_000n, DEFAULT_REWARDS_PER_SOL, 6n * DAY, 7n * DAY)).toBe(
      428_571_428n, // floor(5e9 × 6/7) per SOL, × 0.1 SOL, floored
    );
    expect(bobSol - bed.balance(key(bob))).toBeGreaterThan(0n); // fees and token account rent
  });

  it('gives every participant their deposit back when the target is missed', async () => {
    const vault = await createVault(creator, 1n, 10); // target 1 SOL
    expectOk(await join(vault, alice, 300_000_000n));
    bed.advance(7n * DAY);
    const depositAddress = await depositOf(vault, alice);
    const before = bed.balance(key(alice));
    const rentOfAta = bed.svm.minimumBalanceForRentExemption(165n);
    expectOk(await withdraw(vault, alice));
    expect(bed.balance(key(alice)) - before).toBe(300_000_000n - FEE - rentOfAta);
    expect(decodeDeposit(bed.account(depositAddress)!.data)).toMatchObject({
      rewarded: true,
      refunded: true,
      claimed: false,
    });
    expect(await dumBalance(alice)).toBeGreaterThan(0n);
    const claim = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: [depositAddress],
    });
    expectError(bed.send([claim], [creator]), 'TargetNotReached');
  });

  it('takes the early-withdraw penalty to the treasury and forfeits the reward', async () => {
    const vault = await createVault();
    expectOk(await join(vault, alice, 200_000_000n));
    bed.advance(DAY);
    const treasuryBefore = bed.balance(key(bed.treasury));
    const aliceBefore = bed.balance(key(alice));
    expectOk(await earlyWithdraw(vault, alice));
    expect(bed.balance(key(bed.treasury)) - treasuryBefore).toBe(10_000_000n); // 5%
    expect(bed.balance(key(alice)) - aliceBefore).toBe(190_000_000n - FEE);
    const deposit = decodeDeposit(bed.account(await depositOf(vault, alice))!.data);
    expect(deposit).toMatchObject({ amount: 0n, accruedReward: 0n, penaltyPaid: 10_000_000n });
    expect(decodeVault(bed.account(vault)!.data).totalDeposited).toBe(0n);
    expectError(await earlyWithdraw(vault, alice), 'NothingToWithdraw');
    // Joining again starts afresh.
    expectOk(await join(vault, alice, 1_000n));
    bed.advance(6n * DAY);
    expectError(await earlyWithdraw(vault, alice), 'VaultEnded');
  });

  it('stops minting at the max supply', async () => {
    const other = new VaultTestbed();
    expectOk(await other.initializeConfig({ maxSupply: 1_000_000_000n }));
    bed = other;
    const owner = bed.newFundedKeypair();
    const a = bed.newFundedKeypair();
    const b = bed.newFundedKeypair();
    const vault = await createVault(owner, 3n, 1, 1);
    expectOk(await join(vault, a, 1_000_000_000n)); // would earn 5 DUM + staking
    expectOk(await join(vault, b, 1_000_000_000n));
    bed.advance(DAY);
    expectOk(await withdraw(vault, a));
    expect(await dumBalance(a)).toBe(1_000_000_000n);
    expectOk(await withdraw(vault, b));
    expect(await dumBalance(b)).toBe(0n);
    expect(decodeDeposit(bed.account(await depositOf(vault, b))!.data).rewarded).toBe(true);
  });

  it('claims in batches and becomes paid_out with the last deposit', async () => {
    const vault = await createVault(creator, 77n, 1, 1);
    const participants = [alice, bob, mallory];
    for (const participant of participants) expectOk(await join(vault, participant, 40_000_000n));
    bed.advance(DAY);
    const deposits = await Promise.all(participants.map((p) => depositOf(vault, p)));
    const first = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: deposits.slice(0, 2),
    });
    expectOk(bed.send([first], [creator]));
    expect(decodeVault(bed.account(vault)!.data)).toMatchObject({
      status: 'active',
      claimedAmount: 80_000_000n,
    });
    const last = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: deposits.slice(2),
    });
    expectOk(bed.send([last], [creator]));
    expect(decodeVault(bed.account(vault)!.data).status).toBe('paid_out');
    expectError(bed.send([first], [creator]), 'AlreadyClaimed');
  });
});

describe('attacks', () => {
  it('a creator joining their own vault (issue 21, finding 4)', async () => {
    const vault = await createVault();
    expectError(await join(vault, creator, 200_000_000n), 'CreatorCannotJoin');
    expect(bed.account(await depositOf(vault, creator))).toBeNull();
    expect(decodeVault(bed.account(vault)!.data).totalDeposited).toBe(0n);
  });

  it('capital recycled across staggered vault ends (issue 21, finding 4)', async () => {
    // Mallory creates vaults one minute apart; her second wallet (bob) moves 1 SOL into each a
    // second before it ends, withdraws at the end, and mallory claims the SOL back. With a flat
    // 5 DUM per SOL at the end this minted 5 DUM a minute from 1 SOL (the whole max supply in
    // about a day with a few thousand SOL). Rewards now follow lamport-seconds: one second of
    // 1 SOL earns what one second of 1 SOL earns anywhere.
    const CYCLES = 5;
    const SOL = 1_000_000_000n;
    const vaults: string[] = [];
    for (let i = 0; i < CYCLES; i++) {
      vaults.push(await createVault(mallory, 1_000n + BigInt(i), 1, 1));
      bed.advance(60n);
    }
    bed.advance(DAY - 60n * BigInt(CYCLES) - 1n); // one second before the first vault's end
    for (const vault of vaults) {
      expectOk(await join(vault, bob, SOL));
      bed.advance(1n);
      expectOk(await withdraw(vault, bob));
      const claim = claimVaultInstruction({
        creator: key(mallory),
        vault,
        deposits: [await depositOf(vault, bob)],
      });
      expectOk(bed.send([claim], [mallory]));
      bed.advance(59n); // one second before the next vault's end
    }
    const terms = {
      rewardsPerSol: DEFAULT_REWARDS_PER_SOL,
      stakingRatePerSecond: DEFAULT_STAKING_RATE_PER_SECOND,
      durationSeconds: DAY,
    };
    const perSecond = lockedReward(terms, SOL, 1n); // 5 DUM / 86,400 + 0.01 DUM
    expect(perSecond).toBe(57_870n + 10_000_000n);
    expect(await dumBalance(bob)).toBe(BigInt(CYCLES) * perSecond);
    // What the flat reward paid for the same five seconds of 1 SOL: 25 DUM.
    expect(await dumBalance(bob)).toBeLessThan((BigInt(CYCLES) * DEFAULT_REWARDS_PER_SOL) / 100n);
  });

  it('a fake vault owned by someone else', async () => {
    const vault = await createVault();
    const fake = Keypair.generate();
    const real = bed.account(vault)!;
    bed.setAccount(key(fake), { ...real, owner: key(mallory) });
    const ix = await joinVaultInstruction({
      participant: key(alice),
      vault: key(fake),
      lamports: 1n,
    });
    expectError(bed.send([ix], [alice]), 'InvalidAccountOwner');
    // Even with the right owner, bytes at another address are not the vault.
    bed.setAccount(key(fake), real);
    expectError(bed.send([ix], [alice]), 'InvalidAddress');
  });

  it('a fake deposit owned by someone else', async () => {
    const vault = await createVault();
    expectOk(await join(vault, alice, 200_000_000n));
    const real = bed.account(await depositOf(vault, alice))!;
    const fake = Keypair.generate();
    // A copy of alice's deposit claiming 100 SOL, owned by mallory's "program".
    const data = Uint8Array.from(real.data);
    new DataView(data.buffer).setBigUint64(8, 100_000_000_000n, true);
    bed.setAccount(key(fake), { ...real, data, owner: key(mallory) });
    bed.advance(7n * DAY);
    const ix = await withdrawWithRewardsInstruction({ participant: key(alice), vault });
    expectError(bed.send([withAccount(ix, 2, key(fake))], [alice]), 'InvalidAccountOwner');
    const claim = claimVaultInstruction({ creator: key(creator), vault, deposits: [key(fake)] });
    expectError(bed.send([claim], [creator]), 'InvalidAccountOwner');
  });

  it('a missing signer', async () => {
    const vault = await createVault();
    const ix = await joinVaultInstruction({ participant: key(alice), vault, lamports: 1_000n });
    // Mallory pays the fee and lists alice as a writable, unsigned account.
    const unsigned = withAccount(ix, 0, key(alice), AccountRole.WRITABLE);
    expectError(bed.send([unsigned], [mallory]), 'MissingSignature');
    expectOk(await join(vault, alice, 100_000_000n));
    bed.advance(7n * DAY);
    const withdrawIx = await withdrawWithRewardsInstruction({ participant: key(alice), vault });
    const unsignedWithdraw = withAccount(withdrawIx, 0, key(alice), AccountRole.WRITABLE);
    expectError(bed.send([unsignedWithdraw], [mallory]), 'MissingSignature');
    const claim = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: [await depositOf(vault, alice)],
    });
    expectError(
      bed.send([withAccount(claim, 0, key(creator), AccountRole.WRITABLE)], [mallory]),
      'MissingSignature',
    );
  });

  it('withdrawing twice', async () => {
    const vault = await createVault(creator, 1n, 10);
    expectOk(await join(vault, alice, 100_000_000n));
    bed.advance(7n * DAY);
    expectOk(await withdraw(vault, alice));
    const balance = bed.balance(key(alice));
    expectError(await withdraw(vault, alice), 'AlreadyWithdrawn');
    expect(bed.balance(key(alice))).toBe(balance - FEE);
  });

  it("withdrawing another's deposit", async () => {
    const vault = await createVault(creator, 1n, 10);
    expectOk(await join(vault, alice, 100_000_000n));
    const aliceDeposit = await depositOf(vault, alice);
    const mint = (await findDumMintAddress()).address;
    expectOk(
      bed.send(
        [
          await createAssociatedTokenAccountIdempotentInstruction({
            payer: key(mallory),
            owner: key(mallory),
            mint,
          }),
        ],
        [mallory],
      ),
    );
    const ix = await withdrawWithRewardsInstruction({ participant: key(mallory), vault });
    bed.advance(7n * DAY);
    expectError(bed.send([withAccount(ix, 2, aliceDeposit)], [mallory]), 'Unauthorized');
    const early = await earlyWithdrawInstruction({
      participant: key(mallory),
      vault,
      treasury: key(bed.treasury),
    });
    bed.setTime(bed.now - 7n * DAY);
    expectError(bed.send([withAccount(early, 2, aliceDeposit)], [mallory]), 'Unauthorized');
    // Adding to someone else's deposit is refused as well.
    const joinIx = await joinVaultInstruction({ participant: key(mallory), vault, lamports: 5n });
    expectError(bed.send([withAccount(joinIx, 2, aliceDeposit)], [mallory]), 'Unauthorized');
  });

  it('a deposit of another vault', async () => {
    const first = await createVault(creator, 1n);
    const second = await createVault(creator, 2n);
    expectOk(await join(first, alice, 300_000_000n));
    expectOk(await join(second, alice, 1_000n));
    bed.advance(7n * DAY);
    const claim = claimVaultInstruction({
      creator: key(creator),
      vault: first,
      deposits: [await depositOf(second, alice)],
    });
    expectError(bed.send([claim], [creator]), 'InvalidAccountData');
  });

  it('claiming before the end, below target, by someone else, or twice', async () => {
    const vault = await createVault(); // target 0.2 SOL
    expectOk(await join(vault, alice, 200_000_000n));
    const deposit = await depositOf(vault, alice);
    const claim = claimVaultInstruction({ creator: key(creator), vault, deposits: [deposit] });
    expectError(bed.send([claim], [creator]), 'VaultLocked');
    bed.advance(7n * DAY);
    const byMallory = claimVaultInstruction({ creator: key(mallory), vault, deposits: [deposit] });
    expectError(bed.send([byMallory], [mallory]), 'Unauthorized');
    const duplicated = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: [deposit, deposit],
    });
    expectError(bed.send([duplicated], [creator]), 'AlreadyClaimed');
    expectOk(bed.send([claim], [creator]));
    expectError(bed.send([claim], [creator]), 'AlreadyClaimed');

    const low = await createVault(creator, 2n, 5); // 0.5 SOL
    expectOk(await join(low, bob, 100_000_000n));
    bed.advance(7n * DAY);
    const lowClaim = claimVaultInstruction({
      creator: key(creator),
      vault: low,
      deposits: [await depositOf(low, bob)],
    });
    expectError(bed.send([lowClaim], [creator]), 'TargetNotReached');
  });

  it('withdrawing with rewards before the end', async () => {
    const vault = await createVault();
    expectOk(await join(vault, alice, 100_000_000n));
    bed.advance(7n * DAY - 1n);
    expectError(await withdraw(vault, alice), 'VaultLocked');
  });

  it('overflowing amounts', async () => {
    const vault = await createVault();
    expectOk(await join(vault, alice, 1n));
    const ix = await joinVaultInstruction({ participant: key(alice), vault, lamports: U64_MAX });
    expectError(bed.send([ix], [alice]), 'Overflow');
    // A duration far in the future is fine (no overflow), and reward arithmetic saturates.
    const long = await createVaultInstruction({
      creator: key(creator),
      postId: 99n,
      durationDays: 0xffff_ffff,
    });
    expectOk(bed.send([long], [creator]));
  });

  it('a wrong mint or a token account of another mint', async () => {
    const vault = await createVault(creator, 1n, 10);
    expectOk(await join(vault, alice, 100_000_000n));
    bed.advance(7n * DAY);
    const otherMint = createOtherMint();
    const otherAta = await findAssociatedTokenAddress(key(alice), otherMint);
    expectOk(
      bed.send(
        [
          await createAssociatedTokenAccountIdempotentInstruction({
            payer: key(alice),
            owner: key(alice),
            mint: otherMint,
          }),
        ],
        [alice],
      ),
    );
    const ix = await withdrawWithRewardsInstruction({
      participant: key(alice),
      vault,
      tokenAccount: otherAta,
    });
    expectError(bed.send([withAccount(ix, 4, otherMint)], [alice]), 'InvalidMint');
    expectError(bed.send([ix], [alice]), 'InvalidMint');
    // A "token account" that is not one.
    expectError(bed.send([withAccount(ix, 5, key(alice))], [alice]), 'InvalidTokenAccount');
  });

  it('a wrong treasury', async () => {
    const vault = await createVault();
    expectOk(await join(vault, alice, 100_000_000n));
    const ix = await earlyWithdrawInstruction({
      participant: key(alice),
      vault,
      treasury: key(mallory),
    });
    expectError(bed.send([ix], [alice]), 'InvalidTreasury');
  });

  it('re-initialising config with a prepared account', async () => {
    // Lamports sent to the config address beforehand do not let anyone in either.
    const other = new VaultTestbed();
    const configAddress = (await findConfigAddress()).address;
    other.fund(configAddress, 5_000_000n);
    expectOk(await other.initializeConfig());
    expectError(await other.initializeConfig(), 'AlreadyInitialized');
  });

  it('lamports sent to a deposit address before the first join do not block it', async () => {
    const vault = await createVault();
    // Enough to exist, not enough for a deposit account: the program tops it up.
    bed.fund(await depositOf(vault, alice), 1_000_000n);
    expectOk(await join(vault, alice, 50_000_000n));
    expect(decodeDeposit(bed.account(await depositOf(vault, alice))!.data).amount).toBe(
      50_000_000n,
    );
  });

  it('unknown or malformed instruction data', async () => {
    const vault = await createVault();
    const ix = await joinVaultInstruction({ participant: key(alice), vault, lamports: 1n });
    expectError(bed.send([withData(ix, (d) => d.subarray(0, 12))], [alice]), 'InvalidInstruction');
    expectError(
      bed.send(
        [withData(ix, (d) => Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, ...d.subarray(8)))],
        [alice],
      ),
      'InvalidInstruction',
    );
  });
});

describe('media refs', () => {
  it('records the media commitment for the vault creator only, once per hash', async () => {
    const vault = await createVault();
    const contentHash = new Uint8Array(32).fill(7);
    const input = {
      creator: key(creator),
      vault,
      mediaType: 'image' as const,
      contentHash,
      size: 123_456n,
      ipfsHash: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      arweaveId: 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U',
      metadata: '{"name":"cover.png"}',
    };
    expectOk(bed.send([await addMediaRefInstruction(input)], [creator]));
    const address = (await findMediaRefAddress(vault, contentHash)).address;
    const media = decodeMediaRef(bed.account(address)!.data);
    expect(media).toMatchObject({
      vault,
      creator: key(creator),
      mediaType: 'image',
      size: 123_456n,
      ipfsHash: input.ipfsHash,
      arweaveId: input.arweaveId,
      metadata: input.metadata,
    });
    expect(media.contentHash).toEqual(contentHash);
    expectError(bed.send([await addMediaRefInstruction(input)], [creator]), 'AlreadyInitialized');
    const byAlice = await addMediaRefInstruction({
      ...input,
      creator: key(alice),
      contentHash: new Uint8Array(32),
    });
    expectError(bed.send([byAlice], [alice]), 'Unauthorized');
    const badType = withData(
      await addMediaRefInstruction({ ...input, contentHash: new Uint8Array(32).fill(1) }),
      (d) => {
        d[40] = 4;
        return d;
      },
    );
    expectError(bed.send([badType], [creator]), 'InvalidMediaRef');
  });

  it('commits the content hash in the same transaction as the vault', async () => {
    const contentHash = new Uint8Array(32).fill(9);
    const create = await createVaultInstruction({
      creator: key(creator),
      postId: 500n,
      durationDays: 7,
    });
    const vault = (await findVaultAddress(500n, key(creator))).address;
    const media = await addMediaRefInstruction({
      creator: key(creator),
      vault,
      mediaType: 'audio',
      contentHash,
      size: 1n,
    });
    expectOk(bed.send([create, media], [creator]));
    expect(
      decodeMediaRef(bed.account((await findMediaRefAddress(vault, contentHash)).address)!.data)
        .mediaType,
    ).toBe('audio');
  });
});

describe('compute units', () => {
  it('stay under 20,000 for every instruction', async () => {
    const units: Record<string, bigint> = {};
    const record = (name: string, result: SendResult) => {
      expectOk(result);
      units[name] = result.programUnits.reduce((a, b) => (a > b ? a : b), 0n);
    };
    const other = new VaultTestbed();
    record('initialize_config', await other.initializeConfig());
    const create = await createVaultInstruction({
      creator: key(creator),
      postId: 1n,
      durationDays: 1,
    });
    record('create_vault', bed.send([create], [creator]));
    const vault = (await findVaultAddress(1n, key(creator))).address;
    record('join_vault (first)', await join(vault, alice, 300_000_000n));
    record('join_vault (again)', await join(vault, alice, 1_000n));
    expectOk(await join(vault, bob, 1_000n));
    record('early_withdraw', await earlyWithdraw(vault, bob));
    record(
      'add_media_ref',
      bed.send(
        [
          await addMediaRefInstruction({
            creator: key(creator),
            vault,
            mediaType: 'url',
            contentHash: new Uint8Array(32),
            size: 0n,
            metadata: 'x'.repeat(256),
          }),
        ],
        [creator],
      ),
    );
    bed.advance(DAY);
    record('withdraw_with_rewards', await withdraw(vault, alice));
    record(
      'claim_vault (1 deposit)',
      bed.send(
        [
          claimVaultInstruction({
            creator: key(creator),
            vault,
            deposits: [await depositOf(vault, alice)],
          }),
        ],
        [creator],
      ),
    );
    for (const [name, value] of Object.entries(units)) {
      expect(value, name).toBeGreaterThan(0n);
      expect(value, name).toBeLessThan(20_000n);
    }
  });
});

// Keep the converter exercised: every builder's output must be a valid web3.js instruction.
it('converts to web3.js instructions', async () => {
  const ix = await createVaultInstruction({
    creator: key(Keypair.generate()),
    postId: 1n,
    durationDays: 1,
  });
  const converted = toWeb3Instruction(ix);
  expect(converted.keys[0]?.isSigner).toBe(true);
  expect(converted.data.length).toBe(21);
});
