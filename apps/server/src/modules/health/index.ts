/** The health slice's public face. Nothing else in this folder is imported from outside it. */
export { healthRoutes } from './routes.ts';
