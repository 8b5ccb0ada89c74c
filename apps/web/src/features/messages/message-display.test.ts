import { insufficientBalanceMessage } from '@dum/core';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import { dm } from './test-kit.tsx';
import {
  checkTipAmount,
  clockTime,
  dayLabel,
  groupByDay,
  looksLikeWalletAddress,
  messagePreview,
  personName,
  shortBalanceText,
} from './message-display.ts';
import { unreadBadgeText } from './unread-count.ts';

describe('what the messages screens show', () => {
  it('names a person by display name, @username, else the short wallet', () => {
    const wallet = 'AdaWa11et1111111111111111111111111111111111';
    expect(personName({ displayName: ' Ada ', username: 'ada' }, wallet)).toBe('Ada');
    expect(personName({ displayName: null, username: 'ada' }, wallet)).toBe('@ada');
    expect(personName(null, wallet)).toBe('AdaW...1111');
  });

  it('previews text, else the tip in SOL, the photo or the audio; yours start with You', () => {
    const tip = { amount: '1234500000', transactionSignature: 'S' };
    expect(messagePreview(dm({ body: '  hi\n\nthere ' }), 'me')).toBe('hi there');
    expect(messagePreview(dm({ body: '', tip }), 'me')).toBe('💸 Tip · 1.2345 SOL');
    expect(messagePreview(dm({ body: '', imageUrl: '/media/a' }), 'me')).toBe('📷 Photo');
    expect(messagePreview(dm({ body: '', audioUrl: '/media/b', senderId: 'me' }), 'me')).toBe(
      'You: 🎤 Audio',
    );
    expect(messagePreview(dm({ body: 'thanks', tip }), 'x')).toBe('thanks');
  });

  it('labels days and groups messages by local day, in order', () => {
    const now = new Date(2026, 4, 20, 15, 0).getTime();
    const at = (day: number, hour: number) => new Date(2026, 4, day, hour).toISOString();
    expect(dayLabel(at(20, 1), now)).toBe('Today');
    expect(dayLabel(at(19, 23), now)).toBe('Yesterday');
    expect(dayLabel(at(16, 12), now)).toBe('Saturday');
    expect(dayLabel(at(2, 12), now)).toBe('May 2');
    expect(dayLabel(new Date(2025, 11, 31).toISOString(), now)).toBe('Dec 31, 2025');
    expect(clockTime(new Date(2026, 4, 20, 14, 5).toISOString())).toBe('14:05');
    expect(clockTime(new Date(2026, 4, 20, 0, 7).toISOString())).toBe('00:07');
    const groups = groupByDay([
      { createdAt: at(19, 9) },
      { createdAt: at(19, 22) },
      { createdAt: at(20, 8) },
    ]);
    expect(groups.map((group) => group.items.length)).toEqual([2, 1]);
  });

  it('checks a tip: empty is none; decimals up to 9; above zero; bigint lamports', () => {
    expect(checkTipAmount('')).toEqual({ ok: true, lamports: null });
    expect(checkTipAmount(' 0.01 ')).toEqual({ ok: true, lamports: 10_000_000n });
    expect(checkTipAmount('12345678.123456789')).toEqual({
      ok: true,
      lamports: 12_345_678_123_456_789n,
    });
    expect(checkTipAmount('0')).toMatchObject({
      ok: false,
      message: 'A tip must be greater than 0 SOL.',
    });
    expect(checkTipAmount('1e3')).toMatchObject({ ok: false });
    expect(checkTipAmount('-1')).toMatchObject({ ok: false });
    expect(checkTipAmount('0.0000000001')).toMatchObject({
      ok: false,
      message: 'Please enter a valid amount with up to 9 decimal places.',
    });
  });

  it('says a tip is short as core does: the need (tip and fee margin) rounded up', () => {
    expect(shortBalanceText(5_000_000n, 10_000_000n)).toBe(
      insufficientBalanceMessage(5_000_000n, 10_000_000n),
    );
    expect(shortBalanceText(5_000_000n, 10_000_000n)).toBe(
      'Insufficient balance. You need 0.0101 SOL but only have 0.0050 SOL',
    );
    expect(shortBalanceText(20_000_000n, 10_000_000n)).toBeNull();
  });

  it('shows 99+ past 99 unread, and knows a pasted wallet address', () => {
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(looksLikeWalletAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(true);
    expect(looksLikeWalletAddress('ada')).toBe(false);
    expect(looksLikeWalletAddress('0OIl' + 'a'.repeat(40))).toBe(false);
  });
});

describe('what the messages screens show, in Spanish', () => {
  it('labels days, times, previews and tip errors in the active language', async () => {
    await act(() => activateLocale('es'));
    const now = new Date(2026, 4, 20, 15, 0).getTime();
    const at = (day: number, hour: number) => new Date(2026, 4, day, hour).toISOString();
    expect(dayLabel(at(20, 1), now)).toBe('Hoy');
    expect(dayLabel(at(19, 23), now)).toBe('Ayer');
    expect(dayLabel(at(16, 12), now)).toBe('sábado');
    expect(dayLabel(at(2, 12), now)).toBe('2 may');
    expect(clockTime(new Date(2026, 4, 20, 14, 5).toISOString())).toBe('14:05');
    const tip = { amount: '1234500000', transactionSignature: 'S' };
    expect(messagePreview(dm({ body: '', tip }), 'me')).toBe('💸 Propina · 1,2345 SOL');
    expect(checkTipAmount('0')).toMatchObject({ message: 'La propina debe ser mayor que 0 SOL.' });
    expect(shortBalanceText(5_000_000n, 10_000_000n)).toBe(
      'Saldo insuficiente. Necesitas 0,0101 SOL, pero solo tienes 0,0050 SOL',
    );
  });
});
