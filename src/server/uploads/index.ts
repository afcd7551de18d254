// What main.ts's clean-up uses of uploads; their routes are composed by app.ts from routes.ts.
export { cleanUpPhotos, type PhotoCleanUpResult } from './clean-up-photos';
