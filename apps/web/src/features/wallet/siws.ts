import type { SolanaSignInInput } from '@solana/wallet-standard-features';

/**
 * Writes a Sign-In With Solana message from the `solana:signIn` input, as a standard wallet
 * does (the burner wallet uses it). For the server's challenge this gives back the very text
 * issued: `formatSignInMessage(parseSiwsMessage(challenge)) === challenge`.
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
// The message's words are the standard's (CAIP-122), which the server checks: never translated.
/* eslint-disable lingui/no-unlocalized-strings */
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
/* eslint-enable lingui/no-unlocalized-strings */
