// What other features may use of the map (its routes are composed by app.ts from routes.ts): the
// per-postcode counts of active listings, kept in step by every listing change.
export { changePostcodeCount, moveConditionCount, rebuildPostcodeCounts, recountConditionCounts } from './postcode-counts';
