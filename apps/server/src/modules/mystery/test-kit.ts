import type { MysteryVault } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { BusMessage } from '../../realtime/index.ts';
import type { TestApp } from '../../test/app-test-kit.ts';

/** What a test sends to create a mystery vault, with every required field filled. */
export function mysteryInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'What is in the box',
    teaser: 'A clue: it sings',
    body: 'THE SECRET INSIDE',
    targetAmount: '0.3',
    durationSeconds: 24 * 3600,
    ...extra,
  };
}

export function createMysteryCall(
  t: TestApp,
  headers: Record<string, string> | undefined,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/mystery-vaults',
    ...(headers ? { headers } : {}),
    payload: mysteryInput(extra),
  });
}

export async function createdMystery(
  t: TestApp,
  headers: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<MysteryVault> {
  const res = await createMysteryCall(t, headers, extra);
  if (res.statusCode !== 201) throw new Error(`mystery failed: ${res.statusCode} ${res.body}`);
  return res.json<MysteryVault>();
}

export function joinCall(
  t: TestApp,
  headers: Record<string, string> | undefined,
  id: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/mystery-vaults/${id}/join`,
    ...(headers ? { headers } : {}),
    payload,
  });
}

/** The mystery events about one vault among the bus messages a test collected. */
export function mysteryEventsOf(
  events: BusMessage[],
  type: 'mystery_vault_joined' | 'mystery_vault_opened',
  vaultId: string,
): Extract<BusMessage, { kind: 'event' }>[] {
  return events.flatMap((message) =>
    message.kind === 'event' &&
    message.event.type === type &&
    message.event.data.vaultId === vaultId
      ? [message]
      : [],
  );
}
