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
    staticAccountKeys.push(addressName(key));
  }
  const recentBlockhash = addressName(reader.take(32));
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
      const accountKey = addressName(reader.take(32));
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

/**
 * Base-58 names of recently seen 32-byte values (account keys, blockhashes). The same wallets,
 * programs and blockhash recur in transaction after transaction, and a lookup keyed by the raw
 * bytes (as a latin1 string) costs a tenth of encoding them again. Cleared whenever it fills.
 */
const addressNames = new Map<string, string>();
const ADDRESS_NAMES_MAX = 16_384;

export function addressName(bytes: Uint8Array): string {
  const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let name = addressNames.get(id);
  if (name === undefined) {
    name = base58(bytes);
    if (addressNames.size >= ADDRESS_NAMES_MAX) addressNames.clear();
    addressNames.set(id, name);
  }
  return name;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** 58^3: the divisor of each long-division pass, so a pass yields three digits. With 32-bit
 * limbs, remainder * 2^32 + limb stays below 2^53, exact in a double. */
const DIVISOR = 195_112;
const TWO_TO_32 = 4_294_967_296;
const ALPHABET_CODES = Buffer.from(ALPHABET, 'latin1');
// Scratch space for base58(), reused by every call (it is synchronous): limbs and digits.
let limbScratch = new Float64Array(24);
let digitScratch = Buffer.alloc(2 * 96 + 8);

/**
 * Base-58 encoding by long division of 32-bit limbs held in doubles, three digits a pass, in
 * reused scratch arrays: several times faster than a BigInt or the generic byte-by-byte
 * algorithm for keys and signatures (a signature: 16 limbs, 30 passes).
 */
export function base58(bytes: Uint8Array): string {
  const length = bytes.length;
  let zeros = 0;
  while (zeros < length && bytes[zeros] === 0) zeros++;
  const limbCount = (length - zeros + 3) >> 2;
  // A base-58 string is at most 1.37 times as long as its bytes, plus one pass of padding.
  if (digitScratch.length < length * 2 + 8) {
    limbScratch = new Float64Array((length + 3) >> 2);
    digitScratch = Buffer.alloc(length * 2 + 8);
  }
  const limbs = limbScratch;
  const digits = digitScratch;
  // Big-endian limbs from the end; the first one takes what is left (1 to 4 bytes).
  for (let i = length, j = limbCount - 1; j >= 0; j--) {
    let limb = 0;
    let scale = 1;
    for (let k = 0; k < 4 && i > zeros; k++) {
      i--;
      limb += (bytes[i] as number) * scale;
      scale *= 256;
    }
    limbs[j] = limb;
  }
  // Digits are written from the end of the scratch buffer backwards, most significant last.
  let position = digits.length;
  let first = 0;
  while (first < limbCount) {
    let remainder = 0;
    for (let j = first; j < limbCount; j++) {
      const current = remainder * TWO_TO_32 + (limbs[j] as number);
      const quotient = Math.floor(current / DIVISOR);
      limbs[j] = quotient;
      remainder = current - quotient * DIVISOR;
    }
    while (first < limbCount && limbs[first] === 0) first++;
    // remainder < 58^3 < 2^31: the three digits come out in integer arithmetic.
    let rest = remainder | 0;
    for (let d = 0; d < 3; d++) {
      const quotient = (rest / 58) | 0;
      digits[--position] = ALPHABET_CODES[rest - quotient * 58] as number;
      rest = quotient;
    }
  }
  // The last pass may leave leading '1' digits (zeros) that are not leading zero bytes.
  const ONE = ALPHABET_CODES[0] as number;
  while (position < digits.length && digits[position] === ONE) position++;
  for (let k = 0; k < zeros; k++) digits[--position] = ONE;
  return digits.toString('latin1', position, digits.length);
}

export function fromBase58(text: string): Uint8Array {
  return bs58.decode(text);
}
