import bs58 from 'bs58';
import { TOKEN_PROGRAM_ID, isTokenProgram } from '../../programs.ts';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from '../../token-layout.ts';
import type { LocalChain } from '../local-chain.ts';
import type { LocalAccount } from '../transaction-record.ts';
import { invalidParams } from './json-rpc.ts';

/** An account in the RPC's shape, in each encoding it asks for (subscriptions use it too). */
export function encodeAccount(
  account: LocalAccount,
  encoding: unknown,
  dataSlice?: unknown,
): Record<string, unknown> {
  let data = account.data;
  if (dataSlice && typeof dataSlice === 'object') {
    const { offset, length } = dataSlice as { offset?: number; length?: number };
    data = data.subarray(offset ?? 0, (offset ?? 0) + (length ?? data.length));
  }
  let encoded: unknown;
  if (encoding === 'jsonParsed') {
    encoded = parseAccountData(account) ?? [Buffer.from(data).toString('base64'), 'base64'];
  } else if (encoding === 'base64') {
    encoded = [Buffer.from(data).toString('base64'), 'base64'];
  } else if (encoding === 'base58') {
    encoded = [bs58.encode(data), 'base58'];
  } else if (encoding === undefined || encoding === null || encoding === 'binary') {
    encoded = bs58.encode(data);
  } else {
    throw invalidParams(`unsupported account encoding: ${JSON.stringify(encoding)}`);
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

function parseAccountData(account: LocalAccount): Record<string, unknown> | null {
  if (!isTokenProgram(account.owner)) return null;
  const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
  const mint = decodeMint(account.data);
  if (mint) {
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: account.data.length,
    };
  }
  return null;
}

export function decimalsOf(chain: LocalChain, mint: string): number {
  const account = chain.getAccount(mint);
  return account ? (decodeMint(account.data)?.decimals ?? 0) : 0;
}

/** Like encodeAccount, but parses token accounts (which need their mint's decimals). */
export function accountJson(
  chain: LocalChain,
  account: LocalAccount,
  encoding: unknown,
  dataSlice?: unknown,
): Record<string, unknown> {
  if (encoding === 'jsonParsed' && isTokenProgram(account.owner)) {
    const token = decodeTokenAccount(account.data);
    if (token) {
      const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
      const info: Record<string, unknown> = {
        isNative: token.isNative,
        mint: token.mint,
        owner: token.owner,
        state: token.state,
        tokenAmount: uiTokenAmount(token.amount, decimalsOf(chain, token.mint)),
      };
      if (token.delegate) {
        info.delegate = token.delegate;
        info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimalsOf(chain, token.mint));
      }
      if (token.closeAuthority) info.closeAuthority = token.closeAuthority;
      return {
        ...encodeAccount(account, 'base64'),
        data: { program, parsed: { type: 'account', info }, space: account.data.length },
      };
    }
  }
  return encodeAccount(account, encoding, dataSlice);
}
