import { formatCount } from './numbers';
// How a seller's listings do (decision 48): distinct people who opened each listing a day (the
// seller and crawlers left out), saves and conversations, as a 30-day series on the dashboard and a
// weekly summary mail the seller can turn off. No zod here: the dashboard shows these words.

export const insightLimits = {
  /** The days the dashboard's chart shows, today included. */
  chartDays: 30,
  /** Views are kept this long, then pruned: the chart never reads further back. */
  keepViewDays: 90,
} as const;

/**
 * User agents that announce a crawler, a link preview or a monitor: their visits are no one's
 * interest in a listing. Browsers do not say "bot", "crawler", "spider" or these names.
 */
const crawlerPattern = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|headlesschrome|lighthouse|curl\/|wget|python-requests|axios\/|node-fetch|go-http-client|java\//i;

/** Whether a request's user agent is a crawler's (no user agent at all counts as one). */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent || crawlerPattern.test(userAgent);
}

/** One day of a listing's series. `date` is the day in Sydney's calendar (YYYY-MM-DD). */
export type InsightDay = { date: string; views: number; saves: number; conversations: number };

export const insightMessages = {
  title: 'How it’s going',
  views: 'Views',
  saves: 'Saves',
  conversations: 'Conversations',
  /** Under the chart: what a view is. */
  viewsExplained: 'People who opened the listing each day, you and search engines left out.',
  chartCaption: (days: number) => `The last ${days} days`,
  mailSwitchLabel: 'Email me a weekly summary of how my listings are doing',
  mailSubject: 'Your listings this week',
  /** The dashboard card's button, and its name for a screen reader. */
  open: 'Insights',
  openFor: (title: string) => `Insights for ${title}`,
  loading: 'Loading the insights…',
  loadFailed: 'We couldn’t load the insights just now.',
  retry: 'Try again',
  nothingYet: (days: number) => `Nothing yet: no one has viewed, saved or messaged about this listing in the last ${days} days.`,
  chartLabel: 'Views each day as bars, with the days of saves and conversations marked under them. The numbers are in the table.',
  showTable: 'Show as table',
  tableCaption: (days: number) => `Views, saves and conversations each day, the last ${days} days`,
  day: 'Day',
  mailSwitchDescription: 'On Monday mornings: the views, saves and conversations of your listings over the week. No email when nothing happened.',
  mailTurnedOn: { title: 'Weekly summary on', description: 'We’ll email you each Monday when your listings had views, saves or conversations.' },
  mailTurnedOff: { title: 'Weekly summary off', description: 'Your listings’ insights are still on your dashboard.' },
} as const;

/** "12 views, 3 saves, 1 conversation": a line of the weekly mail. */
export function describeWeek(totals: { views: number; saves: number; conversations: number }): string {
  const part = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
  return [part(totals.views, 'view', 'views'), part(totals.saves, 'save', 'saves'), part(totals.conversations, 'conversation', 'conversations')].join(', ');
}

// Made once: building a format costs far more than using it.
const sydneyDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Australia/Sydney' });

/** The calendar day `days` after (or, negative, before) `day`, both YYYY-MM-DD: a date, never an instant. */
export function addDays(day: string, days: number): string {
  const moved = new Date(`${day}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The day `at` falls on in Sydney's calendar, as YYYY-MM-DD: the day a view counts for. */
export function insightDayOf(at: Date): string {
  return sydneyDay.format(at);
}
