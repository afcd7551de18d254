// What app.ts and main.ts use of offers and pickups: the routes, the sweep that closes lapsed
// offers and the one that reminds members of a pickup within the hour.
export { answerOffer, expireLapsedOffers, makeOffer } from './offer-steps';
export { confirmPickup, proposePickup, remindPickups } from './pickup-steps';
export { offerRoutes } from './routes';
