import { isTokenProgram } from '../../programs.ts';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from '../../token-layout.ts';
import type { LocalChain } from '../local-chain.ts';
import type { LocalAccount } from '../transaction-record.ts';
import { accountJson, decimalsOf } from './account-json.ts';
import { invalidParams, type MethodEntries, withContext } from './json-rpc.ts';
import { addressParam, configParam } from './params.ts';

/** SPL token balances, an owner's token accounts, a mint's supply. */
export function tokenMethods(chain: LocalChain): MethodEntries {
  return [
    [
      'getTokenAccountBalance',
      ([address]) => {
        const account = chain.getAccount(addressParam(address));
        const token =
          account && isTokenProgram(account.owner) ? decodeTokenAccount(account.data) : null;
        if (!token) throw invalidParams('Invalid param: not a Token account');
        return withContext(chain, uiTokenAmount(token.amount, decimalsOf(chain, token.mint)));
      },
    ],
    [
      'getTokenAccountsByOwner',
      ([owner, filter, rawConfig]) => {
        const config = configParam(rawConfig);
        const list = tokenAccountsOf(chain, addressParam(owner, 'owner'), configParam(filter)).map(
          ({ address, account }) => ({
            pubkey: address,
            account: accountJson(chain, account, config.encoding, config.dataSlice),
          }),
        );
        return withContext(chain, list);
      },
    ],
    [
      'getTokenSupply',
      ([address]) => {
        const account = chain.getAccount(addressParam(address));
        const mint = account && isTokenProgram(account.owner) ? decodeMint(account.data) : null;
        if (!mint) throw invalidParams('Invalid param: not a Token mint');
        return withContext(chain, uiTokenAmount(mint.supply, mint.decimals));
      },
    ],
  ];
}

function tokenAccountsOf(
  chain: LocalChain,
  owner: string,
  filter: Record<string, unknown>,
): { address: string; account: LocalAccount }[] {
  let programId: string;
  let mint: string | null = null;
  if (typeof filter.mint === 'string') {
    mint = addressParam(filter.mint, 'mint');
    const mintAccount = chain.getAccount(mint);
    if (!mintAccount) throw invalidParams('Invalid param: could not find mint');
    programId = mintAccount.owner;
  } else if (typeof filter.programId === 'string') {
    programId = addressParam(filter.programId, 'programId');
  } else {
    throw invalidParams('expected {mint} or {programId}');
  }
  if (!isTokenProgram(programId))
    throw invalidParams('Invalid param: unrecognized Token program id');
  return chain.getProgramAccounts(programId).filter(({ account }) => {
    const token = decodeTokenAccount(account.data);
    return token !== null && token.owner === owner && (mint === null || token.mint === mint);
  });
}
