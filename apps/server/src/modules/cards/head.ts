import type { CardFacts } from './facts.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './render.ts';

/** Text for an HTML attribute or element: the five characters that could end one, escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The card picture's path. The pages give its version in the query, so a client that caches by
 * URL sees a change at once; without it the picture is the card as it is now.
 */
export function cardImagePath(card: Pick<CardFacts, 'kind' | 'id'>, version?: string): string {
  const file = `/api/cards/${card.kind}/${encodeURIComponent(card.id)}.png`;
  return version ? `${file}?v=${version}` : file;
}

/**
 * The <head> tags of a page's link card: its <title> and description (they replace the
 * shell's generic ones), Open Graph and Twitter Card. Every value is escaped.
 */
export function cardHeadTags(facts: CardFacts, origin: string, version: string): string {
  const image = `${origin}${cardImagePath(facts, version)}`;
  const url = `${origin}${facts.pagePath}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(facts.title)}</title>`,
    meta('name', 'description', facts.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', 'Dum Club'),
    meta('property', 'og:type', facts.kind === 'profile' ? 'profile' : 'article'),
    meta('property', 'og:title', facts.title),
    meta('property', 'og:description', facts.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', `${facts.title}: ${facts.description}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', facts.title),
    meta('name', 'twitter:description', facts.description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}
