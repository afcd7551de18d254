// What a member must have passed before they trade (decision 35): a verified email and a verified
// phone, to list an item and to start a conversation with a seller. A verified card is an optional
// badge. The server refuses with these words and the page of the missing check; the pages say the
// same, no more.

/** The checks a member has passed, as GET /api/auth/me, a seller and a conversation's other member show them. */
export type PassedChecks = { isEmailVerified: boolean; isPhoneVerified: boolean; isCardVerified?: boolean };

export type TradingCheck = 'email' | 'phone';

/** The two ways to trade the checks guard. Replies in a conversation already open are not guarded. */
export type TradeAction = 'list' | 'contact';

/** Where a member passes each check. */
export const verifyPagePaths: Record<TradingCheck, string> = { email: '/verify-email', phone: '/verify-phone' };

/** The button that takes a member to the page of a check. */
export const verifyCheckActions: Record<TradingCheck, string> = { email: 'Verify my email', phone: 'Verify my phone' };

/** The first check the member still lacks to trade, email before phone (the phone page needs the email first), or null. */
export function missingTradingCheck(member: PassedChecks): TradingCheck | null {
  if (!member.isEmailVerified) return 'email';
  if (!member.isPhoneVerified) return 'phone';
  return null;
}

export const tradingCheckMessages: Record<TradeAction, Record<TradingCheck, string>> = {
  list: {
    email: 'Please verify your email before listing an item.',
    phone: 'Please verify your phone before listing an item.',
  },
  contact: {
    email: 'Please verify your email before contacting sellers.',
    phone: 'Please verify your phone before contacting sellers.',
  },
};

/** The error code of each missing check (errors.ts). */
export const tradingCheckErrorCodes = { email: 'EMAIL_NOT_VERIFIED', phone: 'PHONE_NOT_VERIFIED' } as const satisfies Record<TradingCheck, string>;

/** What the pages promise, everywhere they mention the checks. */
export const tradingChecksPromise = {
  short: 'A verified email and phone before anyone can trade.',
  full: 'Listing an item or messaging a seller needs a verified email and a verified phone. A verified card adds a badge.',
} as const;

/** The notice a signed-in member without a verified phone sees (members who listed before phones were asked for keep their listings). */
export const phoneNeededNotice = {
  title: 'Verify your phone to keep trading',
  text: 'To list an item or message a seller, verify your phone. It takes a minute, and any listings you have stay up meanwhile.',
} as const;

/** The words of the seller's and the buyer's checks, seen before the first message and in the conversation. */
export function describePassedChecks(name: string, member: PassedChecks): string {
  const passed = [member.isEmailVerified && 'email', member.isPhoneVerified && 'phone', member.isCardVerified && 'card'].filter(Boolean) as string[];
  if (passed.length === 0) return `${name} hasn't verified anything yet.`;
  const list = passed.length === 1 ? passed[0] : `${passed.slice(0, -1).join(', ')} and ${passed[passed.length - 1]}`;
  return `${name} has verified their ${list}.`;
}
