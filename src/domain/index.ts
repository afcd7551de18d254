// The rules shared by the server and the pages. Nothing here does I/O or touches globals, so the
// web build keeps only the modules a page uses (vite.config.ts); the modules the first page needs
// (tiers, listing, user, dates, ...) import no zod, their schemas sit in *-schemas.ts beside them.
export * from './auth';
export * from './google-sign-in';
export * from './google-profile';
export * from './session';
export * from './errors';
export * from './listing';
export * from './listing-schemas';
export * from './postcodes';
export * from './product';
export * from './tiers';
export * from './plan-copy';
export * from './user';
export * from './user-schemas';
export * from './dates';
export * from './text-filter';
export * from './images';
export * from './geo';
export * from './search-reach';
export * from './account';
export * from './map';
export * from './map-schemas';
export * from './admin';
export * from './membership';
export * from './contact';
export * from './timings';
export * from './limits';
export * from './conversations';
export * from './conversation-schemas';
export * from './event-streams';
export * from './favourites';
export * from './saved-searches';
export * from './saved-search-schemas';
export * from './seo';
export * from './api-endpoints';
export * from './api-schemas';
