// What other features may use of admin (their routes are composed by app.ts from routes.ts).
export { acceptInvitation } from './invitations';
export { recordAdminAction, type AdminAction } from './record-admin-action';
export { currentBannedWords } from './banned-words';
export { rollUpDailyStats } from './insights';
