import {
  AppError,
  formatSiwsMessage,
  MEMO_PROGRAM_ID,
  parseSiwsMessage,
  SIGN_IN_STATEMENT,
  SIGN_IN_VERSION,
  type SiwsFields,
} from '@dum/core';
import type { DecodedTransaction } from '@dum/chain';

/**
 * The rules of sign-in as plain functions over plain data: what a challenge says, and whether a
 * signed message (or a signed memo transaction) answers the challenge the server issued.
 * No database, no clock, no HTTP: the service passes them in.
 */

/** Where and on which cluster the app signs people in (from config.ts). */
export interface SignInSite {
  /** The app's public origin, e.g. `https://dum.club` (the SIWS URI; its host is the domain). */
  origin: string;
  /** The configured cluster's name: the SIWS Chain ID. */
  cluster: string;
}

export function challengeMessage(
  site: SignInSite,
  input: { address: string; nonce: string; issuedAt: Date; expiresAt: Date },
): string {
  return formatSiwsMessage(expectedFields(site, input));
}

function expectedFields(
  site: SignInSite,
  input: { address: string; nonce: string; issuedAt: Date; expiresAt: Date },
): SiwsFields {
  const origin = new URL(site.origin);
  return {
    domain: origin.host,
    address: input.address,
    statement: SIGN_IN_STATEMENT,
    uri: origin.origin,
    version: SIGN_IN_VERSION,
    chainId: site.cluster,
    nonce: input.nonce,
    issuedAt: input.issuedAt.toISOString(),
    expirationTime: input.expiresAt.toISOString(),
  };
}

/** The nonce of a submitted message, which names the challenge it answers; throws if no SIWS. */
export function readSignedMessage(message: string): SiwsFields {
  // Control characters (a NUL would not even fit a PostgreSQL text) are no part of a message
  // the server issues; nor is a nonce other than the alphanumerics it hands out.
  const fields = hasControlCharacter(message) ? null : parseSiwsMessage(message);
  if (!fields || !/^[A-Za-z0-9]{8,64}$/.test(fields.nonce)) {
    throw new AppError('auth_message_mismatch', {
      message: 'The signed message is not a Sign-In With Solana message.',
    });
  }
  return fields;
}

const mismatch = (what: string): AppError =>
  new AppError('auth_message_mismatch', {
    message: `The signed message is not the sign-in challenge that was issued (${what}).`,
  });

const expired = (): AppError =>
  new AppError('auth_challenge_invalid', {
    message: 'The sign-in challenge expired. Please try again.',
  });

/**
 * First half of the check, before the database is asked: every field of the signed message
 * against the site as configured now (domain, URI, chain id), the wallet asking to sign in
 * (address), what the server issues (statement, version) and the clock (issued-at, expiration).
 */
export function checkMessageFields(input: {
  site: SignInSite;
  /** The wallet that asks to sign in (the request's `address`). */
  address: string;
  fields: SiwsFields;
  now: Date;
}): void {
  const { site, address, fields, now } = input;
  const origin = new URL(site.origin);
  const expected: Array<[string, string, string]> = [
    ['address', fields.address, address],
    ['domain', fields.domain, origin.host],
    ['URI', fields.uri, origin.origin],
    ['chain id', fields.chainId, site.cluster],
    ['version', fields.version, SIGN_IN_VERSION],
    ['statement', fields.statement, SIGN_IN_STATEMENT],
  ];
  for (const [what, value, wanted] of expected) if (value !== wanted) throw mismatch(what);
  const issuedAt = Date.parse(fields.issuedAt);
  const expiresAt = Date.parse(fields.expirationTime);
  if (!(issuedAt <= now.getTime())) throw mismatch('issued-at');
  if (!(expiresAt > issuedAt)) throw mismatch('expiration time');
  if (expiresAt <= now.getTime()) throw expired();
}

/**
 * Second half, after checkMessageFields: the signed text is byte for byte the text the server
 * writes for these fields, so nothing a parser might tolerate slips through. Whether the server
 * issued a challenge with this nonce, address, issued-at and expiration is the nonce's MAC
 * (nonces-and-refresh-tokens.ts isOurChallengeNonce).
 */
export function checkIssuedText(input: {
  site: SignInSite;
  address: string;
  message: string;
  fields: SiwsFields;
}): void {
  const { site, address, message, fields } = input;
  const issued = challengeMessage(site, {
    address,
    nonce: fields.nonce,
    issuedAt: new Date(fields.issuedAt),
    expiresAt: new Date(fields.expirationTime),
  });
  if (issued !== message) throw mismatch('text');
}

/** What a wallet signed, and with what signature, once its proof has been read. */
export interface SignedProof {
  signedBytes: Uint8Array;
  signature: Uint8Array;
}

/**
 * A memo transaction as proof (wallets that can only sign transactions, such as Ledger): it must
 * be signed by the wallet alone, the wallet must pay its fee, it must hold exactly one
 * instruction, to the SPL Memo program, whose data is the message, and it must load no address
 * lookup table. The proof is the wallet's signature over the transaction's message bytes.
 */
export function readMemoProof(
  transaction: DecodedTransaction,
  address: string,
  messageBytes: Uint8Array,
): SignedProof {
  const { message } = transaction;
  const invalid = (what: string): AppError =>
    new AppError('auth_transaction_invalid', {
      message: `The signed transaction is not a sign-in memo (${what}).`,
    });
  if (message.addressTableLookups.length > 0) throw invalid('it loads address lookup tables');
  if (message.header.numRequiredSignatures !== 1) throw invalid('it needs other signers');
  if (message.staticAccountKeys[0] !== address) throw invalid('the wallet is not its fee payer');
  if (message.instructions.length !== 1) throw invalid('it must hold exactly one instruction');
  const [instruction] = message.instructions;
  if (
    !instruction ||
    instruction.programIdIndex === 0 ||
    message.staticAccountKeys[instruction.programIdIndex] !== MEMO_PROGRAM_ID
  ) {
    throw invalid('its instruction is not an SPL Memo');
  }
  if (!bytesEqual(instruction.data, messageBytes)) {
    throw invalid('its memo is not the sign-in message');
  }
  const signature = transaction.signatureBytes[0];
  if (!signature) throw invalid('it is not signed');
  return { signedBytes: transaction.messageBytes, signature };
}

/** Any C0 control character but the line feed, or DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x0a) || code === 0x7f) return true;
  }
  return false;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
