// The FAQ's facts (spec 1). Numbers and plan names come from the tier rules, never a second copy.
import { formatCents, productName, tierRules } from '../../../domain';

const { starter, explorer, connector } = tierRules;

export type FaqEntry = { question: string; answer: string };

export const faqEntries: FaqEntry[] = [
  {
    question: 'Do my listings expire?',
    answer: `No. Listings never expire, so there is nothing to renew. Only your plan's listing limit applies: ${starter.listingLimit} at once on ${starter.label}, ${explorer.listingLimit} on ${explorer.label} and ${connector.listingLimit} on ${connector.label}.`,
  },
  {
    question: 'What do I do when my item sells?',
    answer:
      'Delete the listing once the item has sold, or mark it as sold, so neighbours stop asking about it. Either way it no longer counts towards your listing limit.',
  },
  {
    question: 'How far can I search?',
    answer: `${starter.label} members search their local neighbourhood, within ${starter.searchRadiusKm} km. ${explorer.label} searches state-wide (the checkout describes it as city-wide), and ${connector.label} searches ${connector.searchAreaLabel.toLowerCase()}.`,
  },
  {
    question: `How does the free month of ${explorer.label} work?`,
    answer: `New members get ${explorer.freeTrialMonths} month of ${explorer.label} free. If you decide you don't want it, you simply go back to ${starter.label} when the month ends. Nothing is charged unless you subscribe.`,
  },
  {
    question: `Can I go back to ${starter.label}?`,
    answer: `Yes, at any time. Choose ${starter.label} on the Membership Plans page and you switch straight away, with no payment needed.`,
  },
  {
    question: 'What is Lifetime membership?',
    answer: `Lifetime is a gift from a ${productName} admin. It can't be bought, and it comes with the same photo allowance as ${connector.label}.`,
  },
  {
    question: 'What do the plans cost?',
    answer: `All prices are in AUD and billed annually. ${starter.label} is free, ${explorer.label} is ${formatCents(explorer.annualPriceCents ?? 0)} a year (about ${formatCents(explorer.monthlyEquivalentCents ?? 0)} a month) and ${connector.label} is ${formatCents(connector.annualPriceCents ?? 0)} a year (about ${formatCents(connector.monthlyEquivalentCents ?? 0)} a month).`,
  },
  {
    question: 'Why do you ask for my card when I verify?',
    answer: "The card helps prove you're a real neighbour. It's for verification only and isn't charged unless you upgrade your plan.",
  },
];
