// What other features may use of listings (their routes are composed by app.ts from routes.ts):
// where a member may look, the rule browse, the map's counts and the listing page all read.
export { postcodeListWithin, searchAreaFor, searchAreaKey } from './search-area';
export { workOnSavedSearchJobs } from './saved-search-alerts';
export { moveListingsPastTheirTime } from './move-listings-past-their-time';
export { pruneSearchWords } from './search-spelling';
export { announceHold, reserveListing } from './reservations';
export { mailWeeklyInsights, pruneListingViews } from './insights-mail';
export type { ListingViewCounter } from './listing-views';
export { setListingStatus } from './change-listing';
export { saveFavourite } from './favourites';
export { createSavedSearch } from './saved-searches';
