import type { PushLocale } from '@dum/core';

/**
 * What notifications say, in each language the web app speaks (core's PUSH_LOCALES), so a device
 * hears its news in the language it subscribed in. A notification is shown by the service
 * worker with no app around it, so its words are chosen here, by the device's language. The
 * type keeps the languages complete: a text missing in one fails the build.
 */
export interface PushTexts {
  /** `amount`: SOL as a decimal, formatted for the language. */
  vaultFunded: { title: string; body: (amount: string) => string };
  tipped: { title: (amount: string) => string; body: string };
  message: { title: string; body: string };
  followed: { title: string; body: (name: string) => string };
  mentioned: { title: string; body: (name: string) => string };
  reply: { title: string; onComment: (name: string) => string; onPost: (name: string) => string };
  quoted: { title: string; body: (name: string) => string };
  reposted: { title: string; body: (name: string) => string };
  vaultUnlocked: { title: string; body: string };
  mysteryOpened: { title: string; body: (title: string) => string };
  capsuleOpened: { title: string; body: (name: string) => string };
  pollEnded: { title: string; body: (votes: number, shown: string) => string };
}

const en: PushTexts = {
  vaultFunded: {
    title: 'Your vault was funded',
    body: (amount) => `Someone locked ${amount} SOL in your vault.`,
  },
  tipped: {
    title: (amount) => `You were tipped ${amount} SOL`,
    body: 'A tip came with a new message.',
  },
  message: { title: 'New message', body: 'Someone sent you a message.' },
  followed: { title: 'New follower', body: (name) => `${name} followed you.` },
  mentioned: { title: 'New mention', body: (name) => `${name} mentioned you.` },
  reply: {
    title: 'New reply',
    onComment: (name) => `${name} replied to your comment.`,
    onPost: (name) => `${name} replied in your post's comments.`,
  },
  quoted: { title: 'New quote', body: (name) => `${name} quoted your post.` },
  reposted: { title: 'New repost', body: (name) => `${name} reposted your post.` },
  vaultUnlocked: { title: 'Vault unlocked', body: 'A vault reached its target and unlocked.' },
  mysteryOpened: { title: 'Mystery vault opened', body: (title) => `“${title}” is open.` },
  capsuleOpened: {
    title: 'Time capsule opened',
    body: (name) => `${name}'s time capsule is open.`,
  },
  pollEnded: {
    title: 'Your poll ended',
    body: (votes, shown) =>
      votes === 1 ? '1 vote. See the results.' : `${shown} votes. See the results.`,
  },
};

const es: PushTexts = {
  vaultFunded: {
    title: 'Tu bóveda recibió fondos',
    body: (amount) => `Alguien bloqueó ${amount} SOL en tu bóveda.`,
  },
  tipped: {
    title: (amount) => `Te dieron una propina de ${amount} SOL`,
    body: 'Llegó una propina con un mensaje nuevo.',
  },
  message: { title: 'Mensaje nuevo', body: 'Alguien te envió un mensaje.' },
  followed: { title: 'Nuevo seguidor', body: (name) => `${name} te siguió.` },
  mentioned: { title: 'Nueva mención', body: (name) => `${name} te mencionó.` },
  reply: {
    title: 'Nueva respuesta',
    onComment: (name) => `${name} respondió a tu comentario.`,
    onPost: (name) => `${name} respondió en los comentarios de tu publicación.`,
  },
  quoted: { title: 'Nueva cita', body: (name) => `${name} citó tu publicación.` },
  reposted: { title: 'Nueva republicación', body: (name) => `${name} republicó tu publicación.` },
  vaultUnlocked: {
    title: 'Bóveda desbloqueada',
    body: 'Una bóveda alcanzó su objetivo y se desbloqueó.',
  },
  mysteryOpened: {
    title: 'Bóveda misteriosa abierta',
    body: (title) => `«${title}» está abierta.`,
  },
  capsuleOpened: {
    title: 'Cápsula del tiempo abierta',
    body: (name) => `La cápsula del tiempo de ${name} está abierta.`,
  },
  pollEnded: {
    title: 'Tu encuesta terminó',
    body: (votes, shown) =>
      votes === 1 ? '1 voto. Mira los resultados.' : `${shown} votos. Mira los resultados.`,
  },
};

export const PUSH_TEXTS: Record<PushLocale, PushTexts> = { en, es };

const numberFormats = new Map<PushLocale, Intl.NumberFormat>();

/** A decimal string ("1234.5") or a count in the language's conventions (1.234,5 in Spanish). */
export function formatPushNumber(locale: PushLocale, value: string | number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 9 });
    numberFormats.set(locale, format);
  }
  return format.format(value as number);
}
