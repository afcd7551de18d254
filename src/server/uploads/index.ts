// What other parts of the server use of uploads: main.ts's clean-up, and the share picture the demo
// data makes for its photos as an upload would; their routes are composed by app.ts from routes.ts.
export { cleanUpPhotos, type PhotoCleanUpResult } from './clean-up-photos';
export { makeShareImage } from './process-image';
