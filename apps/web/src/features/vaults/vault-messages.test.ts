import { VAULT_MESSAGES } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { VAULT_TEXT } from './vault-messages.ts';

describe('the vault texts', () => {
  it('are core’s VAULT_MESSAGES, word for word, in English', () => {
    expect(VAULT_TEXT.minimum).toBe(VAULT_MESSAGES.minimum);
    expect(VAULT_TEXT.missingData).toBe(VAULT_MESSAGES.missingData);
    expect(VAULT_TEXT.walletNotFound).toBe(VAULT_MESSAGES.walletNotFound);
    expect(VAULT_TEXT.failedTitle).toBe(VAULT_MESSAGES.failedTitle);
    expect(VAULT_TEXT.failedFallback).toBe(VAULT_MESSAGES.failedFallback);
    expect(VAULT_TEXT.successTitle).toBe(VAULT_MESSAGES.successTitle);
    expect(VAULT_TEXT.success('0.5')).toBe(VAULT_MESSAGES.success('0.5'));
    expect(VAULT_TEXT.unlocked).toBe(VAULT_MESSAGES.unlocked);
    expect(VAULT_TEXT.paidOut).toBe(VAULT_MESSAGES.paidOut);
  });
});
