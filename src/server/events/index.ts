// The event stream of signed-in tabs; app.ts composes its routes.
export { eventRoutes } from './routes';
