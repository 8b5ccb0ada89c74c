import bs58 from 'bs58';

/** SPL Token account and mint layouts (the first 165 / 82 bytes; Token-2022 extends both). */
export const TOKEN_ACCOUNT_SIZE = 165;
export const MINT_SIZE = 82;

export interface DecodedTokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: boolean;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export interface DecodedMint {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function optionalKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1
    ? bs58.encode(data.subarray(offset + 4, offset + 36))
    : null;
}

/** A token account: exactly 165 bytes, or longer with the account-type byte 2 (Token-2022). */
export function decodeTokenAccount(data: Uint8Array): DecodedTokenAccount | null {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2) return null;
  const v = view(data);
  const stateByte = data[108] ?? 0;
  if (stateByte === 0) return null;
  return {
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: v.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: stateByte === 2 ? 'frozen' : 'initialized',
    isNative: v.getUint32(109, true) === 1,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

export function decodeMint(data: Uint8Array): DecodedMint | null {
  if (data.length < MINT_SIZE) return null;
  // Token-2022 mints with extensions are padded past 165 bytes and tagged with type byte 1.
  if (
    data.length > MINT_SIZE &&
    !(data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1)
  ) {
    return null;
  }
  const v = view(data);
  return {
    mintAuthority: optionalKey(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalKey(data, 46),
  };
}

/** The RPC's `uiTokenAmount` shape; uiAmount is a display float, uiAmountString is exact. */
export function uiTokenAmount(
  amount: bigint,
  decimals: number,
): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const uiAmountString = formatUnits(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export function formatUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const base = 10n ** BigInt(decimals);
  const whole = amount / base;
  const fraction = (amount % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Addresses held in an address lookup table account (after its 56-byte header). */
export function decodeLookupTableAddresses(data: Uint8Array): string[] {
  const out: string[] = [];
  for (let offset = 56; offset + 32 <= data.length; offset += 32) {
    out.push(bs58.encode(data.subarray(offset, offset + 32)));
  }
  return out;
}
