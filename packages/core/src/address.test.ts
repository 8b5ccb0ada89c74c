import { describe, expect, it } from 'vitest';
import { formatAddress, isReplitHost } from './address.ts';
import { isWalletRelatedError } from './errors.ts';

describe('formatAddress', () => {
  it('keeps 4 + ellipsis + 4, or the whole address when 10 characters or fewer', () => {
    expect(formatAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX...gAsU');
    expect(formatAddress('abcdefghij')).toBe('abcdefghij');
    expect(formatAddress('abcdefghijk')).toBe('abcd...hijk');
  });
});

describe('isReplitHost', () => {
  it('recognises Replit hosts only', () => {
    expect(isReplitHost('dum-club.replit.app')).toBe(true);
    expect(isReplitHost('abc-00-xyz.worf.replit.dev')).toBe(true);
    expect(isReplitHost('project.user.repl.co')).toBe(true);
    expect(isReplitHost('localhost')).toBe(false);
    expect(isReplitHost('dum.club')).toBe(false);
    expect(isReplitHost('notreplit.app')).toBe(false);
  });
});

describe('isWalletRelatedError', () => {
  it('matches the wallet-error words, any case', () => {
    for (const message of [
      'Wallet not ready',
      'solana rpc down',
      'Phantom missing',
      'bad Signature',
      'Transaction failed',
    ]) {
      expect(isWalletRelatedError(message), message).toBe(true);
    }
    expect(isWalletRelatedError('Cannot read properties of undefined')).toBe(false);
  });
});
