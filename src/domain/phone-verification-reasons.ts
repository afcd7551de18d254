// spec 2: the phone page's "Why verify your phone?" list: four reasons, in this order: trust, extra
// membership benefits, SMS notifications about listings, better security. Each names what a verified
// phone does in the product, so none promises what is not there.
import { moderationLimits } from './moderation';
import { smsLimits } from './sms-notifications';
import { verifiedCheckLabels } from './user';

export type PhoneVerificationReason = { key: 'trust' | 'benefits' | 'sms' | 'security'; title: string; text: string };

export const phoneVerificationReasons: readonly PhoneVerificationReason[] = [
  { key: 'trust', title: 'Build trust', text: `Neighbours see "${verifiedCheckLabels.isPhoneVerified}" beside your name on your listings and in messages.` },
  {
    key: 'benefits',
    title: 'Extra membership benefits',
    text:
      `With your email verified, you can list items and message sellers; with your card checked too, you get the Verified neighbour badge. And once your account is ${moderationLimits.trustedAfterDays} days old, ` +
      `you're a trusted reporter: ${moderationLimits.reportsToHideListing} trusted reports hide a listing at once, until our team has looked.`,
  },
  {
    key: 'sms',
    title: 'SMS notifications',
    text: `Get a text when a message waits for you or a saved search finds something new, at most ${smsLimits.perDay} a day. Turn texts on in your account.`,
  },
  { key: 'security', title: 'Better security', text: 'Your number helps keep your account safe.' },
];
