// What other features (and app.ts, main.ts) may use of auth: who is asking and the guards that
// check it, the member as the pages see them, one-time codes, and the secrets behind tokens. The
// auth routes are composed by app.ts from routes.ts and google-routes.ts.
export { grantConfiguredAdmin, syncConfiguredAdmins } from './configured-admins';
export { toCurrentUser } from './current-user';
export { installSessionLoader, requireAdmin, requireUser, assertTradingChecks, requireTradingChecks, signedInUser } from './guards';
export { assertCodeMayBeSent, checkCode, issueCode } from './one-time-codes';
export { emailChangeCodeMail, emailChangedMail, passwordChangedMail } from './mails';
export { hashPassword, verifyPassword } from './passwords';
export { generateSessionToken, hashSessionToken } from './secrets';
export { findSessionUserById, listMemberSessions, revokeMemberSession, revokeOtherSessions, revokeUserSessions } from './sessions';
export { passwordFailures } from './password-failures';
