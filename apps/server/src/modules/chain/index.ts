/**
 * The chain slice's public face: GET /api/config and, with the embedded localnet, /rpc. Nothing
 * else in this folder is imported from outside it.
 */
export { chainRoutes, RPC_BODY_LIMIT } from './routes.ts';
