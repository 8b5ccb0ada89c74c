/**
 * The users slice's public face: a wallet's public record, with its DUM account from the
 * economy slice. Nothing else in this folder is imported from outside it.
 */
export { userRoutes } from './routes.ts';
