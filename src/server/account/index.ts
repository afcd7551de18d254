// What other features may use of the account: texting a member at their verified phone (decision 33).
export { textMember } from './sms-notifications';
