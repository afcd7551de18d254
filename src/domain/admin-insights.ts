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

export const adminInsightMessages = {
  title: 'Insights',
  dateInvalid: 'Give the dates as YYYY-MM-DD.',
  rangeBackwards: 'The range ends before it starts: swap the dates.',
  rangeTooLong: `Ask for at most ${adminInsightLimits.maxDays.toLocaleString('en-AU')} days at a time.`,
  downloadCsv: 'Download CSV',
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
