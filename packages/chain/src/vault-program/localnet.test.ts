import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '../rpc-client.ts';
import { LocalChain } from '../localnet/local-chain.ts';
import { startLocalnet, type Localnet } from '../localnet/localnet.ts';
import { decodeConfig } from './accounts.ts';
import { VAULT_PROGRAM_ID } from './constants.ts';
import { confirmSignature, connectionSender, deployProgram, type DeploySender } from './deploy.ts';
import { programDataAddress } from './genesis.ts';
import {
  createVaultInstruction,
  initializeConfigInstruction,
  joinVaultInstruction,
} from './instructions.ts';
import { PROGRAM_DATA_METADATA_SIZE } from './loader.ts';
import { findConfigAddress, findVaultAddress } from './pda.ts';
import { readVaultProgram } from './program-binary.ts';
import { createVaultProgramReader, type VaultProgramReader } from './reader.ts';

/** The program on the embedded localnet, over JSON-RPC, and program:deploy against it. */

let dataDir: string;
let localnet: Localnet;
let connection: Connection;
let sender: DeploySender;
let reader: VaultProgramReader;

async function funded(sol = 10): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  const { lastValidBlockHeight } = await connection.getLatestBlockhash();
  await confirmSignature(connection, signature, lastValidBlockHeight);
  return keypair;
}

async function start(): Promise<void> {
  localnet = await startLocalnet({ dataDir, port: 0 });
  connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  sender = connectionSender(connection);
  const rpc = createRpcClient(localnet.rpcUrl);
  reader = createVaultProgramReader((method, params) => rpc.call(method, params));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-vault-localnet-'));
  await start();
});

afterAll(async () => {
  await localnet.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the localnet', () => {
  it('runs the committed build at the fixed id, configured by the treasury', async () => {
    expect(localnet.vaultProgramId).toBe(VAULT_PROGRAM_ID);
    const program = await connection.getAccountInfo(new PublicKey(VAULT_PROGRAM_ID));
    expect(program?.executable).toBe(true);
    expect(program?.owner.toBase58()).toBe('BPFLoaderUpgradeab1e11111111111111111111111');
    const config = await reader.getConfig();
    expect(config.authority).toBe(localnet.treasury);
    expect(config.treasury).toBe(localnet.treasury);
    expect(config.penaltyBps).toBe(500);
  });

  it('serves vaults and deposits through the reader', async () => {
    const creator = await funded();
    const alice = await funded();
    await sender.send(
      [
        await createVaultInstruction({
          creator: creator.publicKey.toBase58(),
          postId: 31n,
          durationDays: 7,
        }),
      ],
      [creator],
    );
    const vault = (await findVaultAddress(31n, creator.publicKey.toBase58())).address;
    await sender.send(
      [
        await joinVaultInstruction({
          participant: alice.publicKey.toBase58(),
          vault,
          lamports: 150_000_000n,
        }),
      ],
      [alice],
    );
    expect((await reader.getVault(vault))?.totalDeposited).toBe(150_000_000n);
    expect((await reader.getDeposit(vault, alice.publicKey.toBase58()))?.amount).toBe(150_000_000n);
    const byVault = await reader.listDeposits({ vault });
    expect(byVault.map((d) => d.deposit.participant)).toEqual([alice.publicKey.toBase58()]);
    const byParticipant = await reader.listDeposits({ participant: alice.publicKey.toBase58() });
    expect(byParticipant).toHaveLength(1);
    expect((await reader.listVaults({ creator: creator.publicKey.toBase58() }))[0]?.address).toBe(
      vault,
    );
    expect(await reader.getDumBalance(alice.publicKey.toBase58())).toBe(0n);
  });

  it('brings an older build back to the committed one on restart, keeping the state', async () => {
    // Put another build in place through a real upgrade (one text byte differs).
    const elf = readVaultProgram();
    const altered = Uint8Array.from(elf);
    const at = Buffer.from(elf).indexOf('Error: InvalidInstruction');
    altered[at] = 'e'.charCodeAt(0);
    const treasury = Keypair.fromSecretKey(
      Uint8Array.from(
        JSON.parse(readFileSync(path.join(dataDir, 'keys/treasury.json'), 'utf8')) as number[],
      ),
    );
    const upgraded = await deployProgram({
      sender,
      authority: treasury,
      programId: VAULT_PROGRAM_ID,
      elf: altered,
    });
    expect(upgraded.kind).toBe('upgraded');
    const programData = programDataAddress(VAULT_PROGRAM_ID);
    const before = await sender.getAccount(programData);
    expect(before?.data[PROGRAM_DATA_METADATA_SIZE + at]).toBe('e'.charCodeAt(0));

    await localnet.close();
    await start();
    const after = await sender.getAccount(programData);
    expect(
      Buffer.from(
        after!.data.subarray(PROGRAM_DATA_METADATA_SIZE, PROGRAM_DATA_METADATA_SIZE + elf.length),
      ),
    ).toEqual(Buffer.from(elf));
    const config = decodeConfig(
      (await sender.getAccount((await findConfigAddress()).address))!.data,
    );
    expect(config.treasury).toBe(localnet.treasury);
    expect((await reader.listVaults()).length).toBeGreaterThan(0);
  });
});

describe('a ledger made before the program existed', () => {
  it('gains the program and its config on its next start', async () => {
    const oldDir = await mkdtemp(path.join(os.tmpdir(), 'dum-vault-old-ledger-'));
    try {
      // The localnet as it was: a ledger with its own history and no vault program.
      const old = LocalChain.open({ dataDir: oldDir });
      const payer = Keypair.generate();
      const funded = old.airdrop(payer.publicKey.toBase58(), 5n * BigInt(LAMPORTS_PER_SOL));
      if (funded.kind === 'executed') await funded.durable;
      expect(old.getAccount(VAULT_PROGRAM_ID)).toBeNull();
      await old.close();

      const upgraded = await startLocalnet({ dataDir: oldDir, port: 0 });
      try {
        expect(upgraded.chain.getAccount(VAULT_PROGRAM_ID)?.executable).toBe(true);
        expect(upgraded.chain.getBalance(payer.publicKey.toBase58())).toBe(
          5n * BigInt(LAMPORTS_PER_SOL),
        );
        const config = upgraded.chain.getAccount((await findConfigAddress()).address);
        expect(decodeConfig(config!.data).treasury).toBe(upgraded.treasury);
      } finally {
        await upgraded.close();
      }
    } finally {
      await rm(oldDir, { recursive: true, force: true });
    }
  });
});

describe('program:deploy', () => {
  it('deploys through the upgradeable loader to a new address, and upgrades it', async () => {
    const authority = await funded(20);
    const programKeypair = Keypair.generate();
    const programId = programKeypair.publicKey.toBase58();
    const elf = readVaultProgram();
    const deployed = await deployProgram({ sender, authority, programKeypair, elf });
    expect(deployed).toMatchObject({ programId, kind: 'deployed' });
    // Deployed programs run from the next slot.
    await new Promise((resolve) => setTimeout(resolve, 900));
    await sender.send(
      [
        await initializeConfigInstruction({
          authority: authority.publicKey.toBase58(),
          treasury: authority.publicKey.toBase58(),
          programId,
        }),
      ],
      [authority],
    );
    const creator = await funded();
    await sender.send(
      [
        await createVaultInstruction({
          creator: creator.publicKey.toBase58(),
          postId: 1n,
          durationDays: 1,
          programId,
        }),
      ],
      [creator],
    );
    const rpc = createRpcClient(localnet.rpcUrl);
    const other = createVaultProgramReader((method, params) => rpc.call(method, params), programId);
    expect((await other.getConfig()).authority).toBe(authority.publicKey.toBase58());
    expect(await other.listVaults()).toHaveLength(1);

    const again = await deployProgram({ sender, authority, programKeypair, elf });
    expect(again.kind).toBe('upgraded');
    const stranger = await funded();
    await expect(deployProgram({ sender, authority: stranger, programId, elf })).rejects.toThrow(
      'is not the upgrade authority',
    );
  });

  it('runs as npm run program:deploy', async () => {
    const authority = await funded(20);
    const keypairFile = path.join(dataDir, 'deployer.json');
    const programFile = path.join(dataDir, 'program.json');
    writeFileSync(keypairFile, JSON.stringify(Array.from(authority.secretKey)));
    const root = path.resolve(import.meta.dirname, '../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/deploy-program.ts',
        '--url',
        localnet.rpcUrl,
        '--keypair',
        keypairFile,
        '--program-keypair',
        programFile,
        '--init-config',
      ],
      { cwd: root },
    );
    const result = JSON.parse(stdout) as { programId: string; kind: string; config: string };
    expect(result.kind).toBe('deployed');
    const rpc = createRpcClient(localnet.rpcUrl);
    const deployedReader = createVaultProgramReader(
      (method, params) => rpc.call(method, params),
      result.programId,
    );
    expect((await deployedReader.getConfig()).treasury).toBe(authority.publicKey.toBase58());
  });
});
