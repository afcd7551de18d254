// Sentences built from plan names and tier fields (spec 1 and 9), and the few rules of English they
// need, so each reads well for every tier: "an Explorer member", "a premium badge or an elite badge",
// "Australia-wide" with its capital mid-sentence. tests/unit/plan-copy.test.ts builds them all.
import { productName, productTagline } from './product';
import { type MembershipTier, type TierRules, membershipTiers, purchasableTiers, rulesForTier, tierRules, formatCents } from './tiers';

/** Words that begin with a vowel letter but a consonant sound ("a unique", "a one-off"). */
const vowelLetterConsonantSound = /^(uni([^mn]|$)|use|usu|uti|ura|eu|ewe|one\b|once\b)/i;
/** Words that begin with a silent h ("an hour"). */
const silentH = /^(hour|honest|honou?r|heir)/i;
/** Numbers said with a vowel first: 8, 11 and 18 (and 80, 800, 11,000...). */
const vowelNumber = /^(8|1[18](\D|$|\d{3}(\D|$)))/;

/** "a" or "an" before the phrase, by the sound it starts with: "an Explorer", "a Connector", "an 8-digit code". */
export function withArticle(phrase: string): string {
  const text = phrase.trim();
  const vowelSound = silentH.test(text) || vowelNumber.test(text) || (/^[aeiou]/i.test(text) && !vowelLetterConsonantSound.test(text));
  return `${vowelSound ? 'an' : 'a'} ${text}`;
}

/** The first letter upper-case, for the start of a sentence or a label: "A premium badge". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Names that keep their capital wherever they stand: the country, the product and the plans. */
const properNouns = new Set(['Australia', 'Australian', productName, ...membershipTiers.map((tier) => tierRules[tier].label)]);

/**
 * A label put inside a sentence: "State-wide" becomes "state-wide", "Premium badge" "premium badge";
 * "Australia-wide", plan names and initialisms keep their capitals.
 */
export function midSentence(label: string): string {
  const firstWord = label.split(/[\s-]/)[0] ?? '';
  if (properNouns.has(firstWord) || (firstWord.length > 1 && firstWord === firstWord.toUpperCase())) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** "1 month", "2 months", "1 pinned post". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "Starter, Explorer and Connector". */
export function listInEnglish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Where a plan lets a member search, to follow a verb: "your local neighbourhood, within 5 km",
 * "your whole state", "all of Australia".
 */
export function searchAreaPhrase(rules: TierRules): string {
  switch (rules.searchArea) {
    case 'neighbourhood':
      return `your local neighbourhood, within ${rules.searchRadiusKm} km`;
    case 'state':
      return 'your whole state';
    default:
      return 'all of Australia';
  }
}

/** After a payment or a switch: "You're now an Explorer member." */
export function nowMemberSentence(tier: MembershipTier): string {
  return `You're now ${withArticle(tierRules[tier].label)} member.`;
}

/** Browse's note on where a member's plan looks: "Your Explorer plan shows listings from your whole state." */
export function searchAreaNote(tier: string | null | undefined): string {
  const rules = rulesForTier(tier);
  return `Your ${rules.label} plan shows listings from ${searchAreaPhrase(rules)}.`;
}

/**
 * The checkout's search area (spec 1: the notes call Explorer's area city-wide there, state-wide on the
 * plans). The checkout keeps its own word and says which reading applies, the one browse shows:
 * "City-wide, and more: listings from your whole state".
 */
export function checkoutSearchArea(rules: TierRules): string {
  if (rules.checkoutSearchAreaLabel === rules.searchAreaLabel) return rules.searchAreaLabel;
  return `${rules.checkoutSearchAreaLabel}, and more: listings from ${searchAreaPhrase(rules)}`;
}

/**
 * How far each plan searches, for the FAQ and the help centre. spec 1: the notes call Explorer's area
 * state-wide on the plans and city-wide on the checkout page; both readings are given, and which applies.
 */
export function describeSearchAreas(): string {
  const [first, ...others] = purchasableTiers.map((tier) => tierRules[tier]);
  const othersReach = others.map((rules, index) => `${rules.label}${index === 0 ? ' searches' : ''} ${searchAreaPhrase(rules)}`);
  const readings = [first, ...others]
    .filter((rules) => rules.checkoutSearchAreaLabel !== rules.searchAreaLabel)
    .map(
      (rules) =>
        `The plans page calls ${rules.label}'s area ${midSentence(rules.searchAreaLabel)} and the checkout page calls it ${midSentence(rules.checkoutSearchAreaLabel)}; ` +
        `what ${rules.label} shows is ${searchAreaPhrase(rules)}.`,
    );
  return [`${first.label} searches ${searchAreaPhrase(first)}.`, `${listInEnglish(othersReach)}.`, ...readings].join(' ');
}

/** What the plans cost (spec 1 and 9), for the FAQ and the help centre. */
export function describePlanPrices(): string {
  const prices = purchasableTiers.map((tier) => {
    const rules = tierRules[tier];
    if (!rules.annualPriceCents) return `${rules.label} is free`;
    return `${rules.label} is ${formatCents(rules.annualPriceCents)} a year (about ${formatCents(rules.monthlyEquivalentCents ?? 0)} a month)`;
  });
  return `All prices are in AUD and billed annually. ${listInEnglish(prices)}.`;
}

/** The plans page's three benefit cards (spec 2: Search Wider, Stand Out, List More Items). */
export function describePlanBenefits(): { searchWider: string; standOut: string; listMore: string } {
  const { starter, explorer, connector } = tierRules;
  return {
    searchWider: `${starter.label} covers ${searchAreaPhrase(starter)}. ${explorer.label} opens up ${searchAreaPhrase(explorer)}, and ${connector.label} lets you search ${searchAreaPhrase(connector)}.`,
    standOut:
      `${capitalise(withArticle(midSentence(explorer.badge)))} or ${withArticle(midSentence(connector.badge))} shows neighbours you're serious, ` +
      `and ${connector.label} adds ${countOf(connector.pinnedPosts, 'pinned post')} to keep your best item in view.`,
    listMore: `Have up to ${countOf(explorer.listingLimit ?? 0, 'listing')} at once with ${explorer.label} or ${connector.listingLimit} with ${connector.label}, with up to ${countOf(connector.maxImagesPerListing, 'photo')} each.`,
  };
}

/** Where Lifetime comes from: "Lifetime membership is a gift from a Neighbourly admin and can't be bought." */
export function describeLifetimeGift(): string {
  return `${tierRules.lifetime.label} membership is a gift from ${withArticle(`${productName} admin`)} and can't be bought.`;
}

/** The admin's gift (spec 4): "kim@example.com now has Explorer membership." */
export function giftedMembershipMessage(email: string, tier: MembershipTier): string {
  return `${email} now has ${tierRules[tier].label} membership.`;
}

/** The admin's invitation, as the admin is told. */
export function invitationSentMessage(email: string, tier: MembershipTier): string {
  return `Invitation sent to ${email} with ${tierRules[tier].label} membership.`;
}

/** The invitation mail's opening line: "Ana has invited you to Neighbourly, your friendly neighbourhood marketplace, with Explorer membership." */
export function invitationMailLine(input: { inviterName: string; tier: MembershipTier }): string {
  return `${capitalise(input.inviterName)} has invited you to ${productName}, your ${productTagline}, with ${tierRules[input.tier].label} membership.`;
}
