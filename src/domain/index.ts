export * from './auth';
export * from './errors';
export * from './listing';
export * from './postcodes';
export * from './product';
export * from './tiers';
export * from './user';
