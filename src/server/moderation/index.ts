// What other features may use of moderation (its routes are composed by app.ts from routes.ts):
// whether a member's suspension holds, and the check before a session is made for them.
export { admitMember, liftEndedSuspensions } from './suspension';
export { createReport } from './create-report';
