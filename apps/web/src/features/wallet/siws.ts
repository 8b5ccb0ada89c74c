import type { SolanaSignInInput } from '@solana/wallet-standard-features';

/**
 * Reads a Sign-In With Solana message (the server's challenge) back into the fields of the
 * wallet-standard `solana:signIn` input, so a wallet that builds the message itself produces
 * the very text the server issued. Null when the text is not in that layout.
 *
 *   {domain} wants you to sign in with your Solana account:
 *   {address}
 *
 *   {statement}
 *
 *   URI: {uri}
 *   Version: {version}
 *   Chain ID: {chainId}
 *   Nonce: {nonce}
 *   Issued At: {issuedAt}
 *   Expiration Time: {expirationTime}
 */
export function parseSignInMessage(message: string): SolanaSignInInput | null {
  const lines = message.split('\n');
  const header = /^(.+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? '');
  const address = lines[1];
  if (!header?.[1] || !address) return null;
  const input: { -readonly [K in keyof SolanaSignInInput]: SolanaSignInInput[K] } = {
    domain: header[1],
    address,
  };

  let index = 2;
  // An optional statement sits between two blank lines.
  if (lines[index] === '' && lines[index + 1] !== undefined && !isField(lines[index + 1] ?? '')) {
    const statement = lines[index + 1] ?? '';
    if (lines[index + 2] !== '') return null;
    input.statement = statement;
    index += 3;
  } else if (lines[index] === '') {
    index += 1;
  }

  const fields: Record<string, Exclude<keyof SolanaSignInInput, 'resources'>> = {
    URI: 'uri',
    Version: 'version',
    'Chain ID': 'chainId',
    Nonce: 'nonce',
    'Issued At': 'issuedAt',
    'Expiration Time': 'expirationTime',
    'Not Before': 'notBefore',
    'Request ID': 'requestId',
  };
  for (; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line === 'Resources:') {
      const resources: string[] = [];
      for (index++; index < lines.length; index++) {
        const item = /^- (.+)$/.exec(lines[index] ?? '');
        if (!item?.[1]) return null;
        resources.push(item[1]);
      }
      input.resources = resources;
      break;
    }
    const match = /^([A-Za-z ]+): (.*)$/.exec(line);
    const key = match?.[1] ? fields[match[1]] : undefined;
    if (!match || !key || match[2] === undefined) return null;
    input[key] = match[2];
  }
  return input;
}

function isField(line: string): boolean {
  return /^(URI|Version|Chain ID|Nonce|Issued At|Expiration Time|Not Before|Request ID): /.test(
    line,
  );
}

/** Writes the fields back in the layout above (what a standard wallet does with them). */
export function formatSignInMessage(input: SolanaSignInInput): string {
  let message = `${input.domain ?? ''} wants you to sign in with your Solana account:\n`;
  message += input.address ?? '';
  if (input.statement) message += `\n\n${input.statement}`;
  const fields: string[] = [];
  if (input.uri) fields.push(`URI: ${input.uri}`);
  if (input.version) fields.push(`Version: ${input.version}`);
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`);
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`);
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`);
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`);
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`);
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`);
  if (input.resources?.length) {
    fields.push('Resources:');
    for (const resource of input.resources) fields.push(`- ${resource}`);
  }
  if (fields.length) message += `\n\n${fields.join('\n')}`;
  return message;
}
