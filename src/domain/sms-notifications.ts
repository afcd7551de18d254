// Texts (SMS) to a member's own verified phone (decision 33): a new message while they are away and
// instant saved-search alerts, a few a day at most, each with a short link to the site and how to
// stop. The phone page lists "SMS notifications about listings" as a reason to verify (spec 2).
import { formatPhoneForDisplay } from './account';
import { productName } from './product';

export const smsLimits = {
  /** Texts a member gets in a day at most, every kind together, counted on their own day (their state's time). */
  perDay: 3,
  /** A listing's title or a search's name is cut to this many characters in a text, so a text stays short. */
  nameMax: 40,
} as const;

/** What decides whether texts go: the number they were turned on for is still the member's phone, and verified. */
export type SmsSettings = { smsPhone: string | null; phone: string | null; isPhoneVerified: boolean };

export function textsAreOn(member: SmsSettings): boolean {
  return member.smsPhone !== null && member.smsPhone === member.phone && member.isPhoneVerified;
}

/** Straight quotes and no ellipsis character: a text in the plain SMS alphabet fits twice as much in a message. */
function clip(name: string): string {
  const plain = name.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim();
  return plain.length <= smsLimits.nameMax ? plain : `${plain.slice(0, smsLimits.nameMax - 3).trimEnd()}...`;
}

/** The line every text ends with: our transport takes no replies, so "Reply STOP" would not work. */
export function smsStopLine(publicUrl: string): string {
  return `Turn texts off at ${publicUrl}/account`;
}

export const smsTexts = {
  newMessage: (input: { from: string; listingTitle: string; link: string; publicUrl: string }) =>
    [`${productName}: ${input.from} sent you a message about "${clip(input.listingTitle)}".`, `Read it: ${input.link}`, smsStopLine(input.publicUrl)].join('\n'),
  savedSearchAlert: (input: { searchName: string; count: number; link: string; publicUrl: string }) =>
    [
      `${productName}: ${input.count === 1 ? 'a new listing' : `${input.count} new listings`} for your saved search "${clip(input.searchName)}".`,
      `See ${input.count === 1 ? 'it' : 'them'}: ${input.link}`,
      smsStopLine(input.publicUrl),
    ].join('\n'),
  pickupReminder: (input: { listingTitle: string; when: string; place: string; link: string; publicUrl: string }) =>
    [`${productName}: pickup of "${clip(input.listingTitle)}" at ${input.when}, at ${clip(input.place)}. Meet in a busy public place.`, input.link, smsStopLine(input.publicUrl)].join('\n'),
} as const;

/** The switch on /account and the answers about it. */
export const smsMessages = {
  switchLabel: 'Text me about messages and alerts',
  description: (phone: string) =>
    `A text to ${formatPhoneForDisplay(phone)} for a new message while you're away and for instant saved-search alerts. At most ${smsLimits.perDay} texts a day.`,
  needsVerifiedPhone: 'Texts go only to a phone number you have verified. Verify your phone to turn them on.',
  verifyPhoneLink: 'Verify your phone',
  phoneNotVerified: "Verify your phone number first: we only text a number you've verified on your account.",
  turnedOn: (phone: string) => ({ title: 'Texts on', description: `We'll text ${formatPhoneForDisplay(phone)}, at most ${smsLimits.perDay} times a day.` }),
  turnedOff: { title: 'Texts off', description: "We won't text you. Emails and the header's counts still tell you what's new." },
} as const;
