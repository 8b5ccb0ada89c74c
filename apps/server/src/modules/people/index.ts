/**
 * The people slice's public face: follows and blocks (docs/api.md "People"). Nothing else in
 * this folder is imported from outside it.
 */
export { isBlockedEitherWay } from './repo.ts';
