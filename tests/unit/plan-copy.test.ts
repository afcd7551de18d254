// Every sentence the app builds from plan names and tier fields reads as English, for every tier:
// the article agrees with the word after it, sentences start with a capital, no word is doubled,
// plan names and "Australia" keep their capitals, and labels start with one.
import { describe, expect, it } from 'vitest';
import {
  capitalise,
  countOf,
  describeLifetimeGift,
  describeOutsideArea,
  describePlanBenefits,
  describePlanPrices,
  describeSearchAreas,
  giftedMembershipMessage,
  invitationMailLine,
  invitationSentMessage,
  listInEnglish,
  listingLimitMessage,
  listingLimitNotice,
  membershipTiers,
  midSentence,
  nowMemberSentence,
  purchasableTiers,
  searchAreaNote,
  tierRules,
  tooManyImagesMessage,
  welcomeMessage,
  withArticle,
  type MembershipTier,
} from '../../src/domain';
import { listPlanFeatures } from '../../src/web/shared/membership/plan-facts';
import { faqEntries } from '../../src/web/features/how-it-works/faq';
import { helpTopics } from '../../src/web/features/support/help-topics';

/** Every sentence the app makes from one tier: toasts, pages, the admin's answers and the invitation mail. */
function sentencesFor(tier: MembershipTier): string[] {
  const elsewhere = { inArea: false, distanceKm: 870, reachedBy: null, tier, postcode: '3065', state: 'VIC' } as const;
  const listing = { suburb: 'Fremantle', state: 'WA', postcode: '6160' };
  const outside = describeOutsideArea(elsewhere, listing);
  const reachedBy = purchasableTiers.map((plan) => describeOutsideArea({ ...elsewhere, reachedBy: plan }, listing)?.upgrade ?? '');
  return [
    nowMemberSentence(tier),
    welcomeMessage(tier),
    searchAreaNote(tier),
    listingLimitMessage(tier),
    listingLimitNotice({ tier, activeCount: 9, noticeAt: '2025-03-01T00:00:00Z' }),
    tooManyImagesMessage(tier),
    giftedMembershipMessage('kim@example.com', tier),
    invitationSentMessage('kim@example.com', tier),
    invitationMailLine({ inviterName: 'Ana', tier }),
    invitationMailLine({ inviterName: 'The team', tier }),
    outside?.where ?? '',
    ...reachedBy,
  ].filter(Boolean);
}

/** The sentences built from several tiers at once: plans page, FAQ and help centre. */
const sharedSentences = [
  describeSearchAreas(),
  describePlanPrices(),
  describeLifetimeGift(),
  ...Object.values(describePlanBenefits()),
  ...faqEntries.flatMap((entry) => [entry.question, entry.answer]),
  ...helpTopics.flatMap((topic) => topic.questions.flatMap((entry) => [entry.question, entry.answer])),
];

const planNames = membershipTiers.map((tier) => tierRules[tier].label);

/** What reads wrong in a text; an empty list when it reads as English. */
function problemsIn(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\b(a|an|A|An) ([A-Za-z0-9][\w-]*)/g)) {
    const expected = withArticle(match[2]).split(' ')[0];
    if (match[1].toLowerCase() !== expected) problems.push(`"${match[0]}" should be "${expected} ${match[2]}"`);
  }
  if (/\ba [AEIOU]/.test(text)) problems.push('"a" before a capital vowel');
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    // An email address is written as it is typed, even at the start of a sentence.
    if (/^[a-z]/.test(sentence) && !/^\S+@\S+/.test(sentence)) problems.push(`starts lower-case: "${sentence}"`);
  }
  const doubled = /\b(\w+)\s+\1\b/i.exec(text);
  if (doubled) problems.push(`doubled word: "${doubled[0]}"`);
  if (/\baustralia/.test(text)) problems.push('"australia" without its capital');
  for (const name of planNames) {
    if (new RegExp(`\\b${name.toLowerCase()}\\b`).test(text)) problems.push(`"${name.toLowerCase()}" without its capital`);
  }
  if (/\(\s|\s\)|\(\)|\s[,.]/.test(text)) problems.push('a space inside brackets or before punctuation');
  return problems;
}

describe('the English helpers', () => {
  it('chooses "a" or "an" by the sound the next word starts with', () => {
    expect(withArticle('Explorer')).toBe('an Explorer');
    expect(withArticle('Connector')).toBe('a Connector');
    expect(withArticle('Starter')).toBe('a Starter');
    expect(withArticle('Lifetime')).toBe('a Lifetime');
    expect(withArticle('elite badge')).toBe('an elite badge');
    expect(withArticle('premium badge')).toBe('a premium badge');
    expect(withArticle('Australia-wide search')).toBe('an Australia-wide search');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('unique find')).toBe('a unique find');
    expect(withArticle('umbrella')).toBe('an umbrella');
    expect(withArticle('one-off')).toBe('a one-off');
    expect(withArticle('6-digit code')).toBe('a 6-digit code');
    expect(withArticle('8-digit code')).toBe('an 8-digit code');
    expect(withArticle('11-digit number')).toBe('an 11-digit number');
    expect(withArticle('18 km drive')).toBe('an 18 km drive');
    expect(withArticle('1 km walk')).toBe('a 1 km walk');
    expect(withArticle('110 km drive')).toBe('a 110 km drive');
  });

  it('lower-cases a label inside a sentence, but never a plan name, "Australia" or an initialism', () => {
    expect(midSentence('State-wide')).toBe('state-wide');
    expect(midSentence('Premium badge')).toBe('premium badge');
    expect(midSentence('Australia-wide')).toBe('Australia-wide');
    expect(midSentence('Explorer')).toBe('Explorer');
    expect(midSentence('AUD prices')).toBe('AUD prices');
    expect(capitalise('an elite badge')).toBe('An elite badge');
  });

  it('counts and lists as English does', () => {
    expect(countOf(1, 'month')).toBe('1 month');
    expect(countOf(2, 'month')).toBe('2 months');
    expect(listInEnglish(['Starter 1', 'Explorer 5', 'Connector 8'])).toBe('Starter 1, Explorer 5 and Connector 8');
    expect(listInEnglish(['Starter'])).toBe('Starter');
  });

  it('catches the mistakes it is there to catch', () => {
    expect(problemsIn("You're now a Explorer member.")).not.toEqual([]);
    expect(problemsIn('Connector searches australia-wide.')).not.toEqual([]);
    expect(problemsIn('Your plan shows. listings here')).not.toEqual([]);
    expect(problemsIn('Upgrade for for more!')).not.toEqual([]);
    expect(problemsIn('Choose a explorer plan.')).not.toEqual([]);
    expect(problemsIn("You're now an Explorer member.")).toEqual([]);
  });
});

describe("each tier's copy", () => {
  it.each(membershipTiers)('reads as English for %s', (tier) => {
    for (const sentence of sentencesFor(tier)) {
      expect(problemsIn(sentence), sentence).toEqual([]);
      expect(sentence, sentence).toMatch(/[.!?]$/);
    }
  });

  it.each(membershipTiers)('gives %s labels that start with a capital, on the plans and on checkout', (tier) => {
    const rules = tierRules[tier];
    const labels = [rules.label, rules.searchAreaLabel, rules.checkoutSearchAreaLabel, rules.badge, rules.listingTimes, rules.support];
    for (const label of labels) expect(label, label).toMatch(/^[A-Z]/);
    for (const feature of [...listPlanFeatures(rules), ...listPlanFeatures(rules, 'checkout')]) {
      expect(feature, feature).toMatch(/^[A-Z0-9]/);
      expect(problemsIn(feature), feature).toEqual([]);
    }
  });

  it('welcomes a new member with the right article', () => {
    expect(nowMemberSentence('explorer')).toBe("You're now an Explorer member.");
    expect(nowMemberSentence('connector')).toBe("You're now a Connector member.");
    expect(welcomeMessage('explorer')).toBe("Welcome to the family! You're now an Explorer member.");
  });
});

describe('the copy built from several tiers', () => {
  it('reads as English: plans page benefits, the FAQ and the help centre', () => {
    for (const sentence of sharedSentences) expect(problemsIn(sentence), sentence).toEqual([]);
  });

  it("gives both readings of Explorer's search area (spec 1): state-wide on the plans, city-wide on checkout, and says the whole state applies", () => {
    expect(listPlanFeatures(tierRules.explorer)).toContain('Search area: State-wide');
    expect(listPlanFeatures(tierRules.explorer, 'checkout')).toContain('Search area: City-wide, and more: listings from your whole state');
    expect(listPlanFeatures(tierRules.connector, 'checkout')).toContain('Search area: Australia-wide');
    expect(describeSearchAreas()).toContain("The plans page calls Explorer's area state-wide and the checkout page calls it city-wide; what Explorer shows is your whole state.");
    expect(describeSearchAreas()).toContain('Connector all of Australia');
    expect(describePlanBenefits().standOut).toMatch(/^A premium badge or an elite badge shows/);
  });
});
