import bs58 from 'bs58';

/**
 * Just enough of Solana's wire format (legacy and version-0 transactions) to index, fee and
 * report transactions without a client library on the hot path.
 */

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface AddressTableLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface DecodedMessage {
  version: 'legacy' | 0;
  header: {
    numRequiredSignatures: number;
    numReadonlySignedAccounts: number;
    numReadonlyUnsignedAccounts: number;
  };
  /** The static keys only; keys loaded through lookup tables are resolved separately. */
  staticAccountKeys: string[];
  /** The same keys as raw bytes (views into the transaction). */
  staticAccountKeyBytes: Uint8Array[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  addressTableLookups: AddressTableLookup[];
}

export interface DecodedTransaction {
  signatures: string[];
  signatureBytes: Uint8Array[];
  message: DecodedMessage;
  messageBytes: Uint8Array;
}

export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireFormatError';
  }
}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw new WireFormatError('unexpected end of data');
    this.offset += 1;
    return value;
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) {
      throw new WireFormatError('unexpected end of data');
    }
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /** Solana's compact-u16 ("shortvec") length prefix. */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new WireFormatError('invalid compact-u16');
  }

  get done(): boolean {
    return this.offset === this.bytes.length;
  }
}

export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const reader = new Reader(bytes);
  return readMessage(reader, true);
}

function readMessage(reader: Reader, mustEnd: boolean): DecodedMessage {
  const first = reader.byte();
  let version: 'legacy' | 0 = 'legacy';
  let numRequiredSignatures = first;
  if ((first & 0x80) !== 0) {
    const v = first & 0x7f;
    if (v !== 0) throw new WireFormatError(`unsupported transaction version ${v}`);
    version = 0;
    numRequiredSignatures = reader.byte();
  }
  const numReadonlySignedAccounts = reader.byte();
  const numReadonlyUnsignedAccounts = reader.byte();
  const keyCount = reader.shortVec();
  const staticAccountKeys: string[] = [];
  const staticAccountKeyBytes: Uint8Array[] = [];
  for (let i = 0; i < keyCount; i++) {
    const key = reader.take(32);
    staticAccountKeyBytes.push(key);
    staticAccountKeys.push(base58(key));
  }
  const recentBlockhash = base58(reader.take(32));
  const instructionCount = reader.shortVec();
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.byte();
    const accounts = Array.from(reader.take(reader.shortVec()));
    const data = reader.take(reader.shortVec());
    instructions.push({ programIdIndex, accounts, data });
  }
  const addressTableLookups: AddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.shortVec();
    for (let i = 0; i < lookupCount; i++) {
      const accountKey = base58(reader.take(32));
      const writableIndexes = Array.from(reader.take(reader.shortVec()));
      const readonlyIndexes = Array.from(reader.take(reader.shortVec()));
      addressTableLookups.push({ accountKey, writableIndexes, readonlyIndexes });
    }
  }
  if (mustEnd && !reader.done) throw new WireFormatError('trailing bytes after message');
  return {
    version,
    header: { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts },
    staticAccountKeys,
    staticAccountKeyBytes,
    recentBlockhash,
    instructions,
    addressTableLookups,
  };
}

export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  const reader = new Reader(bytes);
  const count = reader.shortVec();
  const signatureBytes: Uint8Array[] = [];
  for (let i = 0; i < count; i++) signatureBytes.push(reader.take(64));
  const messageStart = reader.offset;
  const message = readMessage(reader, true);
  if (count === 0) throw new WireFormatError('transaction has no signatures');
  if (count !== message.header.numRequiredSignatures) {
    throw new WireFormatError('signature count does not match the message header');
  }
  return {
    signatures: signatureBytes.map((s) => base58(s)),
    signatureBytes,
    message,
    messageBytes: bytes.subarray(messageStart),
  };
}

/** Whether the static key at `index` is writable, from the message header alone. */
export function isStaticKeyWritable(message: DecodedMessage, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    message.header;
  if (index < numRequiredSignatures) {
    return index < numRequiredSignatures - numReadonlySignedAccounts;
  }
  return index < message.staticAccountKeys.length - numReadonlyUnsignedAccounts;
}

export function encodeShortVec(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const b = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const CHUNK = 58n ** 9n; // the largest power of 58 below 2^53, so each chunk fits a Number

/**
 * Base-58 encoding, several times faster than the generic byte-by-byte algorithm for keys and
 * signatures: one BigInt holds the value and is cut into 9-digit chunks.
 */
export function base58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  if (zeros === bytes.length) return '1'.repeat(zeros);
  let value = BigInt(
    `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
  );
  const chunks: string[] = [];
  while (value > 0n) {
    let chunk = Number(value % CHUNK);
    value /= CHUNK;
    let text = '';
    for (let i = 0; i < 9; i++) {
      const digit = chunk % 58;
      text = ALPHABET[digit] + text;
      chunk = (chunk - digit) / 58;
    }
    chunks.push(text);
  }
  let encoded = chunks.reverse().join('');
  let start = 0;
  while (encoded[start] === '1') start++;
  encoded = encoded.slice(start);
  return '1'.repeat(zeros) + encoded;
}

export function fromBase58(text: string): Uint8Array {
  return bs58.decode(text);
}
