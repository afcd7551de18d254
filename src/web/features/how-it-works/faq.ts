// The FAQ's facts (spec 1). Numbers and plan names come from the tier rules, never a second copy.
import { countOf, describeLifetimeGift, describePlanPrices, describeSearchAreas, explainListingTimes, tierRules } from '../../../domain';

const { starter, explorer, connector } = tierRules;

export type FaqEntry = { question: string; answer: string };

export const faqEntries: FaqEntry[] = [
  {
    question: 'Do my listings expire?',
    answer: `No. Listings never expire: only your plan's listing limit applies (${starter.listingLimit} at once on ${starter.label}, ${explorer.listingLimit} on ${explorer.label} and ${connector.listingLimit} on ${connector.label}). ${explainListingTimes()}`,
  },
  {
    question: 'What do I do when my item sells?',
    answer:
      'Delete the listing once the item has sold, or mark it as sold, so neighbours stop asking about it. Either way it no longer counts towards your listing limit.',
  },
  {
    question: 'How far can I search?',
    answer: describeSearchAreas(),
  },
  {
    question: `How does the free month of ${explorer.label} work?`,
    answer: `New members get ${countOf(explorer.freeTrialMonths, 'month')} of ${explorer.label} free. If you decide you don't want it, you simply go back to ${starter.label} when the month ends. Nothing is charged unless you subscribe.`,
  },
  {
    question: `Can I go back to ${starter.label}?`,
    answer: `Yes, at any time. Choose ${starter.label} on the Membership Plans page and you switch straight away, with no payment needed.`,
  },
  {
    question: `What is ${tierRules.lifetime.label} membership?`,
    answer: `${describeLifetimeGift()} It comes with the same photo allowance as ${connector.label}.`,
  },
  {
    question: 'What do the plans cost?',
    answer: describePlanPrices(),
  },
  {
    question: 'Why do you ask for my card when I verify?',
    answer: "A card is optional: it adds a badge that helps show you're a real neighbour. It's for verification only and isn't charged unless you upgrade your plan.",
  },
];
