/**
 * The users slice's public face: a wallet's public record, with its DUM account from the
 * economy slice, and the public record alone (link cards read it). Nothing else in this folder
 * is imported from outside it.
 */
export { userRoutes } from './routes.ts';
export { readPublicUser, type PublicUserRow } from './repo.ts';
