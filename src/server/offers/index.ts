// What app.ts and main.ts use of offers: the routes, and the sweep that closes lapsed offers.
export { expireLapsedOffers } from './offer-steps';
export { offerRoutes } from './routes';
