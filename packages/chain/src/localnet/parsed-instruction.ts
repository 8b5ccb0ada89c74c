import { MEMO_PROGRAM_ID, SYSTEM_PROGRAM_ID } from '@dum/core';
import bs58 from 'bs58';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../programs.ts';
import { uiTokenAmount } from '../token-layout.ts';

/**
 * The `jsonParsed` form of an instruction for the programs the product uses (System, SPL Token,
 * Associated Token Account, Memo). Anything else is returned partially decoded
 * ({programId, accounts, data}), which is also what a real RPC does for unknown programs.
 */
export function parseInstruction(
  programId: string,
  accounts: string[],
  data: Uint8Array,
  stackHeight: number | null,
): Record<string, unknown> {
  const parsed = tryParse(programId, accounts, data);
  if (parsed) return { ...parsed, programId, stackHeight };
  return { programId, accounts, data: bs58.encode(data), stackHeight };
}

function tryParse(
  programId: string,
  accounts: string[],
  data: Uint8Array,
): { program: string; parsed: unknown } | null {
  try {
    if (programId === SYSTEM_PROGRAM_ID) return parseSystem(accounts, data);
    if (programId === TOKEN_PROGRAM_ID) return parseToken('spl-token', accounts, data);
    if (programId === TOKEN_2022_PROGRAM_ID) return parseToken('spl-token-2022', accounts, data);
    if (programId === MEMO_PROGRAM_ID) {
      return {
        program: 'spl-memo',
        parsed: new TextDecoder('utf-8', { fatal: true }).decode(data),
      };
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ID) return parseAssociatedToken(accounts, data);
  } catch {
    return null;
  }
  return null;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function parseSystem(
  accounts: string[],
  data: Uint8Array,
): { program: string; parsed: unknown } | null {
  if (data.length < 4) return null;
  const tag = view(data).getUint32(0, true);
  const wrap = (type: string, info: Record<string, unknown>) => ({
    program: 'system',
    parsed: { type, info },
  });
  switch (tag) {
    case 0:
      return wrap('createAccount', {
        source: accounts[0],
        newAccount: accounts[1],
        lamports: view(data).getBigUint64(4, true),
        space: view(data).getBigUint64(12, true),
        owner: bs58.encode(data.subarray(20, 52)),
      });
    case 1:
      return wrap('assign', { account: accounts[0], owner: bs58.encode(data.subarray(4, 36)) });
    case 2:
      if (data.length !== 12) return null;
      return wrap('transfer', {
        source: accounts[0],
        destination: accounts[1],
        lamports: view(data).getBigUint64(4, true),
      });
    case 8:
      return wrap('allocate', { account: accounts[0], space: view(data).getBigUint64(4, true) });
    default:
      return null;
  }
}

// eslint-disable-next-line max-lines-per-function -- one case per SPL Token instruction sent
function parseToken(
  program: string,
  accounts: string[],
  data: Uint8Array,
): { program: string; parsed: unknown } | null {
  const tag = data[0];
  const wrap = (type: string, info: Record<string, unknown>) => ({
    program,
    parsed: { type, info },
  });
  const amount = () => view(data).getBigUint64(1, true).toString();
  const optionalKey = (offset: number) =>
    data[offset] === 1 ? bs58.encode(data.subarray(offset + 1, offset + 33)) : undefined;
  switch (tag) {
    case 0:
    case 20: {
      const info: Record<string, unknown> = {
        mint: accounts[0],
        decimals: data[1],
        mintAuthority: bs58.encode(data.subarray(2, 34)),
      };
      const freeze = optionalKey(34);
      if (freeze) info.freezeAuthority = freeze;
      if (tag === 0) info.rentSysvar = accounts[1];
      return wrap(tag === 0 ? 'initializeMint' : 'initializeMint2', info);
    }
    case 1:
      return wrap('initializeAccount', {
        account: accounts[0],
        mint: accounts[1],
        owner: accounts[2],
        rentSysvar: accounts[3],
      });
    case 18:
      return wrap('initializeAccount3', {
        account: accounts[0],
        mint: accounts[1],
        owner: bs58.encode(data.subarray(1, 33)),
      });
    case 3:
      return wrap('transfer', {
        source: accounts[0],
        destination: accounts[1],
        authority: accounts[2],
        amount: amount(),
      });
    case 7:
      return wrap('mintTo', {
        mint: accounts[0],
        account: accounts[1],
        mintAuthority: accounts[2],
        amount: amount(),
      });
    case 8:
      return wrap('burn', {
        account: accounts[0],
        mint: accounts[1],
        authority: accounts[2],
        amount: amount(),
      });
    case 12:
      return wrap('transferChecked', {
        source: accounts[0],
        mint: accounts[1],
        destination: accounts[2],
        authority: accounts[3],
        tokenAmount: uiTokenAmount(view(data).getBigUint64(1, true), data[9] ?? 0),
      });
    case 14:
      return wrap('mintToChecked', {
        mint: accounts[0],
        account: accounts[1],
        mintAuthority: accounts[2],
        tokenAmount: uiTokenAmount(view(data).getBigUint64(1, true), data[9] ?? 0),
      });
    case 9:
      return wrap('closeAccount', {
        account: accounts[0],
        destination: accounts[1],
        owner: accounts[2],
      });
    default:
      return null;
  }
}

function parseAssociatedToken(
  accounts: string[],
  data: Uint8Array,
): { program: string; parsed: unknown } | null {
  const tag = data.length === 0 ? 0 : data[0];
  if (tag !== 0 && tag !== 1) return null;
  return {
    program: 'spl-associated-token-account',
    parsed: {
      type: tag === 0 ? 'create' : 'createIdempotent',
      info: {
        source: accounts[0],
        account: accounts[1],
        wallet: accounts[2],
        mint: accounts[3],
        systemProgram: accounts[4],
        tokenProgram: accounts[5],
      },
    },
  };
}
