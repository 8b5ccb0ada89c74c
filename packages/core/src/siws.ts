/**
 * Sign-In With Solana messages: the CAIP-122 text layout that the wallet standard's
 * `solana:signIn` feature writes. The server issues exactly the fields below, in this order;
 * the optional fields of the standard it never issues (Not Before, Request ID, Resources) make
 * a message invalid, so parsing is strict: `formatSiwsMessage(parseSiwsMessage(m)) === m`.
 *
 * A client that signs with `solana:signIn` passes the parsed fields of the challenge as the
 * input, so the wallet writes the very same text back.
 */
export interface SiwsFields {
  /** The host (and port) of the app, without the scheme. */
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: string;
  /** The configured cluster's name: `localnet`, `devnet`, `testnet` or `mainnet-beta`. */
  chainId: string;
  nonce: string;
  /** ISO 8601 timestamps. */
  issuedAt: string;
  expirationTime: string;
}

const HEADER_SUFFIX = ' wants you to sign in with your Solana account:';

const FIELD_LINES = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
] as const satisfies ReadonlyArray<readonly [keyof SiwsFields, string]>;

export function formatSiwsMessage(fields: SiwsFields): string {
  return [
    `${fields.domain}${HEADER_SUFFIX}`,
    fields.address,
    '',
    fields.statement,
    '',
    ...FIELD_LINES.map(([key, label]) => `${label}: ${fields[key]}`),
  ].join('\n');
}

/** The fields of a message in exactly the layout `formatSiwsMessage` writes, else null. */
export function parseSiwsMessage(text: string): SiwsFields | null {
  if (text.includes('\r')) return null;
  const lines = text.split('\n');
  if (lines.length !== 5 + FIELD_LINES.length) return null;
  const [header = '', address = '', blank1, statement = '', blank2] = lines;
  if (blank1 !== '' || blank2 !== '' || statement === '' || address === '') return null;
  if (!header.endsWith(HEADER_SUFFIX)) return null;
  const domain = header.slice(0, -HEADER_SUFFIX.length);
  if (domain === '' || /\s/.test(domain)) return null;

  const values: Partial<Record<(typeof FIELD_LINES)[number][0], string>> = {};
  for (const [index, [key, label]] of FIELD_LINES.entries()) {
    const line = lines[5 + index] ?? '';
    const prefix = `${label}: `;
    if (!line.startsWith(prefix) || line.length === prefix.length) return null;
    values[key] = line.slice(prefix.length);
  }
  const { uri, version, chainId, nonce, issuedAt, expirationTime } = values;
  if (!uri || !version || !chainId || !nonce || !issuedAt || !expirationTime) return null;
  return { domain, address, statement, uri, version, chainId, nonce, issuedAt, expirationTime };
}
