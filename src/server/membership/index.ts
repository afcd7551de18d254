// What other features (and main.ts's upkeep) may use of membership; its routes are composed by
// app.ts from routes.ts.
export { ensurePaymentCustomer } from './ensure-payment-customer';
export { runMembershipUpkeep, type UpkeepResult } from './membership-upkeep';
export { applyPlanLimits, mailListingLimitNotices } from './plan-limits';
