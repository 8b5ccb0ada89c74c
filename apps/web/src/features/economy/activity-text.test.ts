import type { ActivityItem, ActivityParams } from '@dum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import { activityText } from './activity-text.ts';

const line = (params: ActivityParams | null, message = 'server line') => ({ message, params });

describe('Live Activity lines', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('are worded in English as the server writes them', () => {
    const cases: [ActivityParams, string][] = [
      [{ kind: 'action', name: 'ana', action: 'post_created' }, 'ana posted a vibe'],
      [
        { kind: 'action', name: 'ana', action: 'like_given', dum: '150000000000' },
        'ana liked a vibe · +150 DUM',
      ],
      [
        { kind: 'referral', name: 'bo', dum: '50000000000' },
        'bo joined through a referral · +50 DUM to their friend',
      ],
      [
        { kind: 'halving', epoch: '2', dum: '75000000000' },
        'Halving! Epoch 2 begins: 75 DUM per vibe',
      ],
      [{ kind: 'events_milestone', count: '100000' }, '100,000 vibes mined on Dum Club'],
      [{ kind: 'supply_milestone', millions: '3' }, '3M DUM mined'],
      [
        { kind: 'vault_unlocked', name: 'cy', lamports: '1250000000' },
        "cy's vault unlocked with 1.2500 SOL",
      ],
      [{ kind: 'mystery_opened', name: 'cy', title: 'Box' }, "cy's mystery vault “Box” opened"],
    ];
    for (const [params, text] of cases) expect(activityText(line(params))).toBe(text);
  });

  it('are worded in Spanish with its number conventions', async () => {
    await activateLocale('es');
    expect(
      activityText(line({ kind: 'action', name: 'ana', action: 'tip', dum: '1500000000000' })),
    ).toBe('ana envió una propina · +1500 DUM');
    expect(activityText(line({ kind: 'events_milestone', count: '100000' }))).toBe(
      '100.000 vibes minadas en Dum Club',
    );
    expect(activityText(line({ kind: 'vault_unlocked', name: 'cy', lamports: '1250000000' }))).toBe(
      'La bóveda de cy se desbloqueó con 1,2500 SOL',
    );
  });

  it("keep the server's message when a line has no params or a kind this build does not know", () => {
    expect(activityText(line(null, 'old line'))).toBe('old line');
    const unknown = { kind: 'action', name: 'ana', action: 'teleported' } as const;
    expect(activityText(line(unknown, 'ana teleported'))).toBe('ana teleported');
    const future = { kind: 'eclipse' } as unknown as ActivityItem['params'];
    expect(activityText(line(future, 'an eclipse'))).toBe('an eclipse');
  });
});
