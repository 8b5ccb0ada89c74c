/**
 * The auth slice's public face: the signed-in user of a request, and the token service the
 * context builds. Nothing else in this folder is imported from outside it.
 */
export { registerAuthentication, requireUser } from './authenticate.ts';
export { createTokenService, type AuthUser, type TokenService } from './tokens.ts';
