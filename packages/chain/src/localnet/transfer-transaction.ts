import { MEMO_PROGRAM_ID, SYSTEM_PROGRAM_ID } from '@dum/core';
import bs58 from 'bs58';
import type { Signer } from '../keys.ts';
import { encodeShortVec } from '../wire.ts';

/** A legacy transaction holding one System Program transfer signed by `from`, and an optional memo. */
export function buildTransferTransaction(
  from: Signer,
  to: string,
  lamports: bigint,
  blockhash: string,
  memo?: string,
): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  const keys = [from.publicKey, bs58.decode(to), bs58.decode(SYSTEM_PROGRAM_ID)];
  const memoBytes = memo === undefined ? null : new TextEncoder().encode(memo);
  if (memoBytes) keys.push(bs58.decode(MEMO_PROGRAM_ID));
  const bytes: number[] = [1, 0, keys.length - 2, ...encodeShortVec(keys.length)];
  for (const key of keys) bytes.push(...key);
  bytes.push(...bs58.decode(blockhash));
  bytes.push(...encodeShortVec(memoBytes ? 2 : 1));
  bytes.push(2, ...encodeShortVec(2), 0, 1, ...encodeShortVec(data.length), ...data);
  if (memoBytes)
    bytes.push(3, ...encodeShortVec(0), ...encodeShortVec(memoBytes.length), ...memoBytes);
  const message = Uint8Array.from(bytes);
  const signature = from.sign(message);
  return Uint8Array.from([...encodeShortVec(1), ...signature, ...message]);
}
