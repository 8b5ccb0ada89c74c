/** The health slice's public face. */
export { healthRoutes } from './routes.ts';
