// Support by plan in words (decision 32): the promised first-reply time of each level, where the plans
// are sold and on the contact page, and the texts of the support inbox and the member's replies. The
// levels' numbers are in support-levels.ts; each plan's level in tiers.ts.
import { countOf, listInEnglish } from './plan-copy';
import { type SupportLevel, type SupportLevelRules, supportLevelRules, supportLevels, visitorSupportLevel } from './support-levels';
import { type MembershipTier, membershipTiers, rulesForTier, tierRules } from './tiers';

export { type SupportLevel, supportLevelRules, supportLevels, visitorSupportLevel } from './support-levels';

/** The level that answers a member on this plan, or a visitor (null). Read from the account, never from a request. */
export function supportLevelFor(tier: MembershipTier | null | undefined): SupportLevel {
  return tier ? rulesForTier(tier).supportLevel : visitorSupportLevel;
}

/** "within 1 business day", "within 3 business days"; null for best effort. */
export function firstReplyTime(rules: SupportLevelRules): string | null {
  return rules.firstReplyBusinessDays === null ? null : `within ${countOf(rules.firstReplyBusinessDays, 'business day')}`;
}

/** The promise, as a sentence: "First reply within 1 business day." */
export function firstReplyPromise(level: SupportLevel): string {
  const time = firstReplyTime(supportLevelRules[level]);
  return time ? `First reply within ${time.replace(/^within /, '')}.` : 'Best effort: the Help Centre and Safety Tips answer most questions straight away, and we reply when we can.';
}

/** The plan's support line where plans are sold: "Priority support: first reply within 1 business day". */
export function supportPlanLine(level: SupportLevel): string {
  const rules = supportLevelRules[level];
  const time = firstReplyTime(rules);
  return time ? `${rules.label}: first reply ${time}` : `${rules.label}: Help Centre, Safety Tips and best-effort replies`;
}

export type SupportByPlan = { level: SupportLevel; label: string; who: string; promise: string };

/** Each level with who gets it ("Connector and Lifetime members", "Starter members and visitors") and its promise, fastest first. */
export function describeSupportByPlan(): SupportByPlan[] {
  return [...supportLevels]
    .sort((a, b) => supportLevelRules[a].queueRank - supportLevelRules[b].queueRank)
    .map((level) => {
      const plans = membershipTiers.filter((tier) => tierRules[tier].supportLevel === level).map((tier) => tierRules[tier].label);
      const who = level === visitorSupportLevel ? `${listInEnglish(plans)} members and visitors` : `${listInEnglish(plans)} members`;
      return { level, label: supportLevelRules[level].label, who, promise: firstReplyPromise(level) };
    });
}

/** A visitor is answered by mail only. */
export const visitorRequestReceived = "Thanks! Your message is on its way and we'll reply by email.";

/** What the contact form's sender is told once their message is in (the toast's description). */
export function supportRequestReceived(input: { level: SupportLevel; signedIn: boolean }): string {
  if (!input.signedIn) return visitorRequestReceived;
  const time = firstReplyTime(supportLevelRules[input.level]);
  return time
    ? `Thanks! Your message is with our team. We'll reply ${time}, by email and on your Account page.`
    : "Thanks! Your message is with our team and we'll reply by email and on your Account page when we can. The Help Centre may have your answer sooner.";
}

export const supportMessages = {
  inboxTitle: 'Support inbox',
  inboxDescription: 'Contact form messages: open first, priority plans before email support before community, then the oldest.',
  inboxEmpty: 'No messages waiting for a reply.',
  answeredEmpty: 'No answered messages yet.',
  loadingInbox: 'Loading the support inbox…',
  inboxWhat: 'the support inbox',
  open: 'Open',
  answered: 'Answered',
  visitor: 'Visitor',
  replyLabel: 'Your reply',
  replyHint: 'Sent by email; a member also sees it on their Account page.',
  sendReply: 'Send Reply',
  sendingReply: 'Sending…',
  replySent: 'Reply Sent',
  replyFailed: 'Failed to Send Reply',
  replyRequired: 'Please write a reply.',
  requestNotFound: "That message to our team doesn't exist.",
  accountTitle: 'Your messages to our team',
  accountEmpty: "You haven't written to our team yet.",
  accountLoadFailed: "We couldn't load your messages to our team. Please refresh the page.",
  waitingForReply: 'Waiting for a reply',
  ourReply: 'Our reply',
} as const;

/** The admin is told where the reply went. */
export function replySentMessage(email: string): string {
  return `Your reply is on its way to ${email}.`;
}

/** The reply mail's subject. */
export function supportReplySubject(productName: string): string {
  return `[${productName}] Our reply to your message`;
}
