// The Help Centre's answers. Numbers, plan names and limits come from the domain, never a second copy.
import {
  acceptedImageTypes,
  codePolicy,
  codeSendLimits,
  countOf,
  defaultMembershipTier,
  describeLifetimeGift,
  describePlanPrices,
  describeSearchAreas,
  explainListingTimes,
  describeSupportByPlan,
  fieldLimits,
  formatMegabytes,
  listInEnglish,
  postcodeLockDays,
  productName,
  purchasableTiers,
  tierRules,
  tradingChecksPromise,
  withArticle,
} from '../../../domain';

const { starter, explorer, lifetime } = tierRules;

export type HelpQuestion = { question: string; answer: string };
export type HelpTopic = { id: string; title: string; questions: HelpQuestion[] };

const photoTypes = acceptedImageTypes.map((type) => type.replace('image/', '').toUpperCase()).join(', ');
const photoAllowances = purchasableTiers
  .map((tier) => `${tierRules[tier].label}: ${countOf(tierRules[tier].maxImagesPerListing, 'photo')} up to ${formatMegabytes(tierRules[tier].maxImageBytes)} MB each`)
  .join('; ');
const listingLimits = listInEnglish(purchasableTiers.map((tier) => `${tierRules[tier].label} ${tierRules[tier].listingLimit}`));

export const helpTopics: HelpTopic[] = [
  {
    id: 'accounts',
    title: 'Your account',
    questions: [
      {
        question: `How do I join ${productName}?`,
        answer: `Choose Join the Community!, then Create New Account. You need your first and last name, your email and a password of at least ${fieldLimits.passwordMin} characters. New members start on ${tierRules[defaultMembershipTier].label}.`,
      },
      {
        question: 'I forgot my password. What now?',
        answer: `On the sign-in page choose Forgot Password?, enter your email and we send you ${withArticle(`${fieldLimits.codeLength}-digit code`)}. Enter the code, then choose a new password. The code works for ${codePolicy.ttlMinutes} minutes.`,
      },
      {
        question: 'Can I change my email address?',
        answer: 'Not at the moment: your email is how we recognise you, so it stays fixed. If you have lost access to it, write to us through Contact Us from an address we can reply to.',
      },
      {
        question: 'How do I change my suburb or postcode?',
        answer: `Open Account, type your new 4-digit postcode (the state fills itself in), pick your suburb and choose Save Changes. To keep listings honest about where they are, a postcode can be changed once every ${postcodeLockDays} days.`,
      },
    ],
  },
  {
    id: 'verification',
    title: 'Verification',
    questions: [
      {
        question: 'Why do I need to verify?',
        answer: `Verification is what makes the marketplace neighbourly: everyone who lists an item or messages a seller has confirmed their email and their mobile. ${tradingChecksPromise.full}`,
      },
      {
        question: 'How do I verify my email?',
        answer: `Open Account and choose Verify Now. We email you ${withArticle(`${fieldLimits.codeLength}-digit code`)}; type it in and you are done. Codes last ${codePolicy.ttlMinutes} minutes. Nothing arrived? Check your spam folder, then ask for another after ${codeSendLimits.resendAfterSeconds} seconds.`,
      },
      {
        question: 'How does phone verification work?',
        answer: `Enter your Australian mobile number, like 0412 345 678; the +61 is added for you. We text you ${withArticle(`${fieldLimits.codeLength}-digit code`)} to type in. Only Australian mobiles can be verified.`,
      },
      {
        question: 'Will my card be charged?',
        answer: 'No. The card on file is for verification only and is not charged unless you upgrade to a paid plan.',
      },
    ],
  },
  {
    id: 'listing',
    title: 'Listing an item',
    questions: [
      {
        question: 'How do I sell something?',
        answer: 'Choose Sell Something, add a title, price, description, category and photos, then List It Now. You need a verified email and phone, and a postcode on your account, because listings show the suburb buyers pick up from.',
      },
      {
        question: 'What photos can I add?',
        answer: `${photoTypes} photos. How many depends on your plan: ${photoAllowances}. Big photos are shrunk in your browser before they upload.`,
      },
      {
        question: 'Do my listings expire?',
        answer: `No, listings never expire. Only your plan's limit on listings at once applies: ${listingLimits}. ${explainListingTimes()}`,
      },
      {
        question: 'My item sold. What do I do?',
        answer: 'Delete the listing (or mark it as sold) so neighbours stop asking about it. It then stops counting towards your limit.',
      },
      {
        question: 'Why was my listing blocked?',
        answer: 'Our community filter stops titles and descriptions that contain banned words. Reword the listing and try again; the Community Guidelines explain what is not allowed.',
      },
    ],
  },
  {
    id: 'plans',
    title: 'Plans and tiers',
    questions: [
      {
        question: 'What do the plans cost?',
        answer: describePlanPrices(),
      },
      {
        question: 'How far can I search?',
        answer: describeSearchAreas(),
      },
      {
        question: `What happens after the free month of ${explorer.label}?`,
        answer: `${explorer.label} comes with ${countOf(explorer.freeTrialMonths, 'month')} free. If you don't want to keep it, you go back to ${starter.label}; nothing is charged unless you subscribe.`,
      },
      {
        question: `Can I go back to ${starter.label}?`,
        answer: `Yes, at any time, from the Membership Plans page. If you have more listings than ${starter.label} allows, delete some to list again.`,
      },
      {
        question: `What is ${lifetime.label}?`,
        answer: describeLifetimeGift(),
      },
      {
        question: 'How soon will you answer my message?',
        answer: `It depends on your plan. ${describeSupportByPlan()
          .map((entry) => `${entry.label} (${entry.who}): ${entry.promise}`)
          .join(' ')} Members also see our replies on their Account page.`,
      },
    ],
  },
  {
    id: 'pickup',
    title: 'Pickup and payment',
    questions: [
      {
        question: 'How does pickup work?',
        answer: 'Every item is collected locally. Choose Message Seller on a listing; the seller receives your contact details and you agree on a time and place together. There is no shipping and no couriers.',
      },
      {
        question: 'How should I pay?',
        answer: `${productName} doesn't handle payment for items. Pay at pickup, after you have checked the item: cash, or a bank transfer you watch arrive. Never pay in advance, and never with gift cards or crypto.`,
      },
      {
        question: "What if the other person doesn't show up?",
        answer: 'Give them a little grace and a message; plans change. If it keeps happening or feels off, tell us through Contact Us with a link to the listing.',
      },
      {
        question: 'Is it safe to meet?',
        answer: 'Meet somewhere busy and public, bring someone or tell a friend, and trust your instincts. Our Safety Tips cover the common scams to watch for.',
      },
    ],
  },
];
