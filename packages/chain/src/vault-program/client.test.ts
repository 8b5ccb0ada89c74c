import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DISCRIMINATORS,
  ACCOUNT_SIZES,
  FIRST_ERROR_CODE,
  INSTRUCTION_DISCRIMINATORS,
  PROGRAM_ERRORS,
  VAULT_PROGRAM_ID,
} from './constants.ts';
import { CHAIN_ERROR_MESSAGES, resolveVaultProgramId, vaultProgramErrorFrom } from './errors.ts';
import { fetchVaultIdl, validateIdl, type VaultIdl } from './idl.ts';
import {
  checkDurationDays,
  checkJoinAmount,
  checkMultiplier,
  checkPostId,
  targetAmountFor,
} from './inputs.ts';
import {
  createVault,
  createVaultInstruction,
  joinVault,
  joinVaultInstruction,
} from './instructions.ts';
import {
  findConfigAddress,
  findDepositAddress,
  findDumMintAddress,
  findMediaRefAddress,
  findProgramDataAddress,
  findVaultAddress,
} from './pda.ts';

const IDL_FILE = new URL('../../../../apps/web/public/idl/dum_vault.json', import.meta.url);
const HEADER = new URL('../../../../programs/vault/src/vault.h', import.meta.url);
const idl = JSON.parse(readFileSync(IDL_FILE, 'utf8')) as VaultIdl;

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function sha8(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, 8).toString('hex');
}

describe('constants agree with the program and the IDL', () => {
  it('discriminators are Anchor’s sha256 prefixes, as the C header has them', () => {
    const header = readFileSync(HEADER, 'utf8');
    for (const [name, hex] of Object.entries(INSTRUCTION_DISCRIMINATORS)) {
      expect(sha8(`global:${snake(name)}`), name).toBe(hex);
      const asU64 = Buffer.from(hex, 'hex').readBigUInt64LE(0).toString(16);
      expect(header).toContain(`IX_${snake(name).toUpperCase()} 0x${asU64}UL`);
    }
    for (const [name, hex] of Object.entries(ACCOUNT_DISCRIMINATORS)) {
      const pascal = name[0]!.toUpperCase() + name.slice(1);
      expect(sha8(`account:${pascal}`), name).toBe(hex);
    }
  });

  it('error codes follow vault.h', () => {
    const header = readFileSync(HEADER, 'utf8');
    const body = /enum \{\n(\s+ERR_[\s\S]*?)\};/.exec(header)?.[1] ?? '';
    const names = body
      .split('\n')
      .map((line) => /ERR_([A-Z_]+)/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    expect(names.length).toBe(PROGRAM_ERRORS.length);
    // The C names are shorter in places; the order is what fixes the codes.
    expect(names[0]).toBe('INVALID_INSTRUCTION');
    expect(names[8]).toBe('NOT_INITIALIZED');
    expect(PROGRAM_ERRORS[8].name).toBe('NotInitialized');
    expect(names.at(-1)).toBe('TOO_MANY_ACCOUNTS');
  });

  it('the IDL has the program’s address, instructions, accounts, layouts and errors', () => {
    expect(validateIdl(idl).metadata.name).toBe('dum_vault');
    expect(idl.address).toBe(VAULT_PROGRAM_ID);
    for (const ix of idl.instructions) {
      const key = ix.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const hex = INSTRUCTION_DISCRIMINATORS[key as keyof typeof INSTRUCTION_DISCRIMINATORS];
      expect(Buffer.from(ix.discriminator).toString('hex'), ix.name).toBe(hex);
    }
    expect(idl.instructions).toHaveLength(Object.keys(INSTRUCTION_DISCRIMINATORS).length);
    const sizes: Record<string, number> = {
      u8: 1,
      bool: 1,
      u16: 2,
      u32: 4,
      u64: 8,
      i64: 8,
      pubkey: 32,
    };
    const enums = new Set(['VaultStatus', 'MediaType']);
    for (const account of idl.accounts ?? []) {
      const kind = (account.name[0]!.toLowerCase() +
        account.name.slice(1)) as keyof typeof ACCOUNT_SIZES;
      expect(Buffer.from(account.discriminator).toString('hex')).toBe(ACCOUNT_DISCRIMINATORS[kind]);
      const type = idl.types?.find((t) => t.name === account.name)?.type as {
        fields: { type: unknown }[];
      };
      const size = type.fields.reduce((sum, field) => {
        const t = field.type as string | { array?: [string, number]; defined?: { name: string } };
        if (typeof t === 'string') return sum + (sizes[t] ?? NaN);
        if (t.array) return sum + (sizes[t.array[0]] ?? NaN) * t.array[1];
        if (t.defined && enums.has(t.defined.name)) return sum + 1;
        return NaN;
      }, 8);
      expect(size, account.name).toBe(ACCOUNT_SIZES[kind]);
    }
    expect(idl.errors).toEqual(
      PROGRAM_ERRORS.map((error, i) => ({
        code: FIRST_ERROR_CODE + i,
        name: error.name,
        msg: error.msg,
      })),
    );
  });
});

describe('IDL loading (fetched without cache, validated for name and instructions)', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; cacheControl: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? '', cacheControl: request.headers['cache-control'] });
      if (request.url === '/idl/dum_vault.json') {
        response.setHeader('content-type', 'application/json');
        response.end(readFileSync(IDL_FILE));
      } else if (request.url === '/idl/broken.json') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ instructions: [] }));
      } else {
        response.statusCode = 404;
        response.end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads and validates the served file', async () => {
    const loaded = await fetchVaultIdl(`${base}/idl/dum_vault.json`);
    expect(loaded.instructions.map((ix) => ix.name)).toContain('join_vault');
  });

  it('rejects a definition without a name, or without instructions', async () => {
    await expect(fetchVaultIdl(`${base}/idl/broken.json`)).rejects.toThrow(
      'Invalid IDL: missing required fields',
    );
    expect(() => validateIdl({ metadata: { name: 'x' } })).toThrow(CHAIN_ERROR_MESSAGES.invalidIdl);
    expect(() => validateIdl(null)).toThrow(CHAIN_ERROR_MESSAGES.invalidIdl);
    expect(validateIdl({ name: 'legacy', instructions: [] }).metadata.name).toBe('legacy');
  });

  it('reports a failed fetch with its status', async () => {
    await expect(fetchVaultIdl(`${base}/idl/missing.json`)).rejects.toThrow(
      'Failed to fetch the contract definition: 404',
    );
  });
});

describe('input checks', () => {
  it('postId is a non-negative integer', () => {
    expect(checkPostId(0)).toBe(0n);
    expect(checkPostId('18446744073709551615')).toBe(2n ** 64n - 1n);
    for (const bad of [-1, 1.5, Number.NaN, '12a', '', 2n ** 64n, -3n]) {
      expect(() => checkPostId(bad), String(bad)).toThrow('postId must be a positive integer');
    }
  });

  it('durationDays > 0, multiplier 1 to 10, join amount > 0', () => {
    expect(checkDurationDays(7)).toBe(7);
    expect(() => checkDurationDays(0)).toThrow('durationDays must be greater than 0');
    expect(() => checkDurationDays(-2)).toThrow('durationDays must be greater than 0');
    expect(() => checkDurationDays(1.5)).toThrow('durationDays must be a whole number');
    expect(checkMultiplier(1)).toBe(1);
    expect(checkMultiplier(10)).toBe(10);
    for (const bad of [0, 11, 2.5]) {
      expect(() => checkMultiplier(bad)).toThrow('multiplier must be between 1 and 10');
    }
    expect(checkJoinAmount(1n)).toBe(1n);
    expect(() => checkJoinAmount(0n)).toThrow('amount must be greater than 0');
    expect(() => checkJoinAmount(-5n)).toThrow('amount must be greater than 0');
    expect(targetAmountFor(2)).toBe(200_000_000n);
  });

  it('builders check before building, and need a wallet', async () => {
    await expect(
      createVaultInstruction({ creator: null, postId: 1, durationDays: 1 }),
    ).rejects.toThrow('Wallet not connected');
    await expect(
      createVaultInstruction({ creator: VAULT_PROGRAM_ID, postId: -1, durationDays: 1 }),
    ).rejects.toThrow('postId must be a positive integer');
    await expect(
      joinVaultInstruction({
        participant: VAULT_PROGRAM_ID,
        vault: VAULT_PROGRAM_ID,
        lamports: 0n,
      }),
    ).rejects.toThrow('amount must be greater than 0');
  });

  it('the old createVault and joinVault calls say they are deprecated and name the current ones', () => {
    // Calling them is the point here; anywhere else lint refuses it (no-deprecated).
    /* eslint-disable @typescript-eslint/no-deprecated */
    expect(() => createVault('100000000', 86_400)).toThrow(
      CHAIN_ERROR_MESSAGES.createVaultDeprecated,
    );
    expect(() => joinVault(VAULT_PROGRAM_ID, 0.1)).toThrow(
      CHAIN_ERROR_MESSAGES.joinVaultDeprecated,
    );
    /* eslint-enable @typescript-eslint/no-deprecated */
    expect(CHAIN_ERROR_MESSAGES.createVaultDeprecated).toMatch(
      /^createVault\(targetAmount, durationSeconds\) is deprecated: .*createVaultInstruction\(/,
    );
    expect(CHAIN_ERROR_MESSAGES.joinVaultDeprecated).toMatch(
      /^joinVault\(vaultAddress, amount\) is deprecated: .*joinVaultInstruction\(/,
    );
  });
});

describe('addresses from the fixed labels', () => {
  it('match an independent derivation (web3.js)', async () => {
    const program = new PublicKey(VAULT_PROGRAM_ID);
    const creator = new PublicKey('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
    const participant = new PublicKey('CktRuQ2mttgRGkXJtyksdKHjUdc2C4TgDzyB98oEzy8');
    const expected = (seeds: (Buffer | Uint8Array)[], id = program) =>
      PublicKey.findProgramAddressSync(seeds, id)[0].toBase58();
    const postId = Buffer.alloc(8);
    postId.writeBigUInt64LE(12345n);
    expect((await findConfigAddress()).address).toBe(expected([Buffer.from('config')]));
    expect((await findDumMintAddress()).address).toBe(expected([Buffer.from('dum_mint')]));
    const vault = (await findVaultAddress(12345n, creator.toBase58())).address;
    expect(vault).toBe(expected([Buffer.from('vault'), postId, creator.toBuffer()]));
    const vaultKey = new PublicKey(vault);
    expect((await findDepositAddress(vault, participant.toBase58())).address).toBe(
      expected([Buffer.from('deposit'), vaultKey.toBuffer(), participant.toBuffer()]),
    );
    const hash = new Uint8Array(32).fill(3);
    expect((await findMediaRefAddress(vault, hash)).address).toBe(
      expected([Buffer.from('media_ref'), vaultKey.toBuffer(), hash]),
    );
    expect(await findProgramDataAddress()).toBe(
      expected([program.toBuffer()], new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111')),
    );
  });
});

describe('program id setup', () => {
  it('needs one, and a valid one', () => {
    expect(resolveVaultProgramId(` ${VAULT_PROGRAM_ID} `)).toBe(VAULT_PROGRAM_ID);
    expect(() => resolveVaultProgramId(undefined)).toThrow('Program not configured');
    expect(() => resolveVaultProgramId('')).toThrow('Program not configured');
    expect(() => resolveVaultProgramId('not-a-key')).toThrow('Invalid program ID: not-a-key');
  });
});

describe('program errors', () => {
  it('are read from the RPC error shape', () => {
    const error = vaultProgramErrorFrom({ InstructionError: [1, { Custom: 6008 }] });
    expect(error?.errorName).toBe('NotInitialized');
    expect(error?.message).toBe('Program not initialized. Call initialize() first.');
    expect(error?.instructionIndex).toBe(1);
    expect(vaultProgramErrorFrom({ InstructionError: [0, { Custom: 1 }] })).toBeNull();
    expect(vaultProgramErrorFrom('BlockhashNotFound')).toBeNull();
  });
});
