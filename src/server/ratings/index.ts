// What other features may use of ratings: rating an exchange (the demo's history rates one).
export { createRating } from './ratings';
