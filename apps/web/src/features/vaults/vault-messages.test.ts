import { VAULT_MESSAGES } from '@dum/core';
import { INPUT_MESSAGES, PROGRAM_ERRORS } from '@dum/chain/vault-program';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INPUT_TEXT, inputErrorText, programErrorText } from './escrow-messages.ts';
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
    expect(VAULT_TEXT.insufficient(101_800_001n, 101_800_000n)).toBe(
      VAULT_MESSAGES.insufficient(101_800_001n, 101_800_000n),
    );
  });

  it('are the program client’s INPUT_MESSAGES, word for word, in English', () => {
    expect(INPUT_TEXT.durationDays).toBe(INPUT_MESSAGES.durationDays);
    expect(INPUT_TEXT.multiplier).toBe(INPUT_MESSAGES.multiplier);
    expect(INPUT_TEXT.amount).toBe(INPUT_MESSAGES.amount);
    expect(inputErrorText(INPUT_MESSAGES.postId)).toBe(INPUT_MESSAGES.postId);
  });

  it('are the vault program’s error texts, word for word, in English', () => {
    for (const error of PROGRAM_ERRORS) expect(programErrorText(error)).toBe(error.msg);
  });

  it('speak the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    expect(VAULT_TEXT.minimum).toBe('El monto mínimo de la bóveda es 0,01 SOL');
    expect(VAULT_TEXT.insufficient(101_800_001n, 101_800_000n)).toBe(
      'Saldo insuficiente. Necesitas 0,1019 SOL, pero solo tienes 0,1018 SOL',
    );
    expect(inputErrorText(INPUT_MESSAGES.multiplier)).toBe(
      'el multiplicador debe estar entre 1 y 10',
    );
    expect(programErrorText(PROGRAM_ERRORS[17])).toBe('La bóveda terminó');
  });
});
