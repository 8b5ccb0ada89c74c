import bs58 from 'bs58';
import { decodeTransaction, type DecodedTransaction, WireFormatError } from '../../wire.ts';
import { invalidParams, JsonRpcError, RPC_ERRORS } from './json-rpc.ts';

/** Parameter checks with the messages a Solana RPC node answers with. */

export function addressParam(value: unknown, name = 'address'): string {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a base-58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw new JsonRpcError(RPC_ERRORS.invalidParams, 'Invalid param: Invalid');
  }
  if (bytes.length !== 32)
    throw new JsonRpcError(RPC_ERRORS.invalidParams, 'Invalid param: WrongSize');
  return value;
}

export function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('config must be an object');
  return value as Record<string, unknown>;
}

export function integerParam(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${name} must be a non-negative integer`);
  }
  return value;
}

function decodeEncoded(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('expected an encoded transaction string');
  const kind = encoding ?? 'base58';
  try {
    if (kind === 'base58') return bs58.decode(value);
    if (kind === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  } catch {
    throw invalidParams(`invalid ${JSON.stringify(kind)} encoding`);
  }
  throw invalidParams(
    `unsupported encoding: ${JSON.stringify(kind)}. Supported encodings: base58, base64`,
  );
}

export function decodeTx(
  value: unknown,
  encoding: unknown,
): { raw: Uint8Array; decoded: DecodedTransaction } {
  const raw = decodeEncoded(value, encoding);
  try {
    return { raw, decoded: decodeTransaction(raw) };
  } catch (error) {
    const reason = error instanceof WireFormatError ? error.message : 'invalid transaction';
    throw invalidParams(`failed to deserialize VersionedTransaction: ${reason}`);
  }
}
