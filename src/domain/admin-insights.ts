// The operator's dashboard (decision 50): the business over a range of days, from daily rollups.
// No zod here (admin-insights-schemas.ts holds the schemas): the admin card shows these words.

export const adminInsightLimits = {
  /** The range the card opens on: the last 90 days. */
  defaultDays: 90,
  /** The longest range one call may ask for. */
  maxDays: 3 * 366,
  /** Postcodes the busiest list names. */
  busiestPostcodes: 10,
} as const;

/** What one point of the dashboard's charts covers: a day for up to three months, a week (from Monday) up to a year, a month beyond. */
export type InsightBucket = 'day' | 'week' | 'month';

/** Days between two YYYY-MM-DD dates, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function insightBucketFor(from: string, to: string): InsightBucket {
  const days = daysInRange(from, to);
  if (days <= 92) return 'day';
  return days <= 366 ? 'week' : 'month';
}

export const adminInsightMessages = {
  title: 'Insights',
  dateInvalid: 'Give the dates as YYYY-MM-DD.',
  rangeBackwards: 'The range ends before it starts: swap the dates.',
  rangeTooLong: `Ask for at most ${adminInsightLimits.maxDays.toLocaleString('en-AU')} days at a time.`,
  downloadCsv: 'Download CSV',
  description: 'The marketplace day by day: members, listings, messages, reports, free months and revenue.',
  from: 'From',
  to: 'To',
  show: 'Show',
  quickRanges: 'Quick ranges',
  last30Days: '30 days',
  last90Days: '90 days',
  last12Months: '12 months',
  loading: 'Loading the insights…',
  loadWhat: 'the insights',
  noDays: 'No days in this range yet: the figures are made every hour.',
  downloadFailed: 'Download Failed',
  showTable: 'Show as table',
  day: 'Day',
  figures: 'The range in figures',
  membersNewTotal: 'New members',
  medianToClose: (duration: string) => `Median time to close a report: ${duration}`,
  noReportsClosed: 'No reports were closed in this range.',
  medianShort: 'Median time to close a report',
  conversionRate: 'Free months that became paid plans',
  conversionOf: (converted: number, started: number) => `${converted.toLocaleString('en-AU')} of ${started.toLocaleString('en-AU')} free months started in this range`,
  noTrials: 'No free months started in this range.',
  revenueTotal: 'Revenue',
  revenueNote: "Revenue counts each paid plan's first charge, on the day it was taken. Renewals are not recorded yet, so they are not in these figures.",
  membersByPlan: 'Members by plan',
  membersByPlanLabel: 'Stacked bars of members on each plan, day by day. The numbers are in the table below.',
  membersNew: 'New members',
  membersNewLabel: 'Bars of members who joined each day. The numbers are in the table below.',
  listings: 'Listings',
  listingsActiveLabel: 'Bars of active listings at the end of each day. The numbers are in the table below.',
  listingsNewLabel: 'Bars of listings made each day. The numbers are in the table below.',
  messages: 'Messages',
  messagesLabel: 'Bars of messages sent each day. The numbers are in the table below.',
  reports: 'Reports',
  reportsLabel: 'Bars of reports opened each day, with a line of reports closed. The numbers are in the table below.',
  trials: 'Free months',
  trialsLabel: 'Bars of free months started each day, with a line of those now on a paid plan. The numbers are in the table below.',
  revenueByMonth: 'Revenue by month',
  revenueByMonthLabel: 'Bars of revenue in each month, in Australian dollars. The numbers are in the table below.',
  month: 'Month',
  busiestPostcodes: 'Busiest postcodes',
  busiestPostcodesCaption: 'The postcodes with the most listings for sale now',
  postcode: 'Postcode',
  suburb: 'Suburb',
  state: 'State',
  listingsForSale: 'Listings',
  noPostcodes: 'No listings for sale yet.',
  tableCaption: (chart: string) => `${chart}, day by day`,
} as const;

/** The columns of the CSV download, in order, with their headings. */
export const adminInsightCsvColumns = [
  ['date', 'Date'],
  ['membersNew', 'New members'],
  ['membersStarter', 'Starter members'],
  ['membersExplorer', 'Explorer members'],
  ['membersConnector', 'Connector members'],
  ['membersLifetime', 'Lifetime members'],
  ['listingsNew', 'New listings'],
  ['listingsActive', 'Active listings'],
  ['messages', 'Messages'],
  ['reportsOpened', 'Reports opened'],
  ['reportsClosed', 'Reports closed'],
  ['reportMedianMinutes', 'Median minutes to close a report'],
  ['trialsStarted', 'Free months started'],
  ['trialsConverted', 'Of those, now on a paid plan'],
  ['revenue', 'Revenue (AUD)'],
] as const;
