/**
 * The link cards slice's public face: the Open Graph and Twitter Card tags the shell carries for
 * a post, vault, mystery vault or profile page (registerSpa's `pageHead`), the card pictures
 * under /api/cards, and the picture's URL for other slices (a blink's icon). It owns no table:
 * each object is read through its own slice's face as a signed-out reader sees it. Nothing else
 * in this folder is imported from outside it.
 */
export {
  CARD_KINDS,
  readCardFacts,
  type CardDeps,
  type CardFacts,
  type CardKind,
} from './facts.ts';
export { cardImagePath } from './head.ts';
export { pngSize } from './png.ts';
export { renderCard } from './render.ts';
export {
  CARD_IMAGE_MAX_AGE_S,
  cardDepsOf,
  cardPageHead,
  cardRoutes,
  cardServiceOf,
  type CardService,
} from './routes.ts';
