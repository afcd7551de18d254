// Saved searches: a member keeps a browse's filters with a name, sees on /saved how many listings are
// new since they last looked, and is told of new ones by mail (decision 20). No zod here.
import { categoryLabel, cityAreas, conditionsInWords, type LocationFilter } from './listing';
import { tierRules, type MembershipTier } from './tiers';

export const savedSearchFrequencies = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof savedSearchFrequencies)[number];

export const savedSearchLimits = {
  nameMax: 60,
  /** At most one alert mail per saved search in this time; matches meanwhile join the next one. */
  alertIntervalMinutes: 15,
  /** Listings one alert or digest mail shows; a link opens the rest. */
  listingsPerMail: 20,
  /** Digests go at this hour, in the member's state's time. */
  digestHour: 7,
  /** "99+" past this: the count stops there. */
  newCountCap: 99,
} as const;

/** How many searches a member may keep: 10, or 20 on Connector and Lifetime. */
export function savedSearchLimitFor(tier: MembershipTier): number {
  return tierRules[tier].savedSearchLimit;
}

export const savedSearchMessages = {
  nameRequired: 'Give the search a name, so you can find it on your Saved page.',
  nameTooLong: `Keep the name under ${savedSearchLimits.nameMax} characters.`,
  frequencyRequired: 'Choose how often to hear about new listings: straight away or once a day.',
  limitReached: (limit: number) => `You can keep up to ${limit} saved searches on your plan. Delete one on your Saved page to save another.`,
  notFound: 'Saved search not found',
  saved: 'Search saved',
  savedDescription: 'Find it on your Saved page. We’ll email you about new listings that match.',
  deleted: 'Saved search deleted',
  frequencyLabels: { instant: 'Email me straight away', daily: 'Email me a daily digest (7 am)' } satisfies Record<SavedSearchFrequency, string>,
} as const;

/** "3 new since you last looked", "99+ new ...", "Nothing new since you last looked". */
export function describeNewCount(count: number): string {
  if (count <= 0) return 'Nothing new since you last looked';
  return `${count > savedSearchLimits.newCountCap ? `${savedSearchLimits.newCountCap}+` : count} new since you last looked`;
}

/** A saved search's filters, as kept (the API's query). */
export type SavedQuery = { search?: string; category?: string; condition?: string; location?: string; postcode?: string; state?: string; sort?: string };

/** The filters in words: ““mountain bike” · Sports · Postcode 3068”, or “Everything in your area”. */
export function describeSavedQuery(query: SavedQuery): string {
  const parts = [
    query.search ? `“${query.search}”` : '',
    (query.category && categoryLabel(query.category)) || '',
    query.condition ? conditionsInWords(query.condition) : '',
    query.location ? (cityAreas[query.location as LocationFilter]?.label ?? '') : '',
    query.state ?? '',
    query.postcode ? `Postcode ${query.postcode}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Everything in your area';
}

/** The browse page with the search's filters. */
export function savedSearchPath(query: SavedQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  const text = params.toString();
  return text ? `/listings?${text}` : '/listings';
}

/** Each state's time zone, for the 7 am digest. */
export const stateTimeZones: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

/** Where a saved search mail's unsubscribe link lands: a page that asks before anything changes (`?search=<id>&token=…&name=…`). */
export const unsubscribePagePath = '/unsubscribe';

/** The alert and digest mails' words. */
export const savedSearchMail = {
  subject: (name: string, count: number, digest: boolean) =>
    digest ? `Your daily digest: ${count} new for “${name}”` : count === 1 ? `New for “${name}” on Neighbourly` : `${count} new for “${name}” on Neighbourly`,
  intro: (firstName: string | null, name: string, digest: boolean) =>
    `Hi ${firstName ?? 'there'},\n\n${digest ? 'Here is what neighbours listed yesterday' : 'Neighbours just listed something'} for your saved search “${name}”.`,
  more: (count: number) => `…and ${count} more.`,
  seeAll: 'See them all:',
  unsubscribe: 'Stop these emails for this search (no sign-in needed):',
  confirmTitle: 'Stop these emails?',
  confirm: (name: string | null) => `${name ? `Stop emails about your saved search “${name}”?` : 'Stop the emails about this saved search?'} The search stays on your Saved page.`,
  confirmButton: 'Unsubscribe',
  unsubscribed: (name: string) => `You won’t get emails about “${name}” any more. It stays on your Saved page.`,
  unsubscribedTitle: 'You’re unsubscribed',
  unsubscribeInvalidTitle: 'That link didn’t work',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Open your Saved page to change your emails.',
} as const;
