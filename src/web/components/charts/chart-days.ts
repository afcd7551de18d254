// The days of a daily series arrive as calendar dates (YYYY-MM-DD, decision 48). They are read as
// dates, not instants: formatted in UTC, a date never moves to the day before in any time zone.
const shortFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longFormat = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

function toDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "3 Mar": under a chart's bars. */
export function formatShortDay(date: string): string {
  return shortFormat.format(toDate(date));
}

/** "Mon 3 Mar": a table's rows. */
export function formatLongDay(date: string): string {
  return longFormat.format(toDate(date));
}

const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Mar 2026": a month (YYYY-MM) beside its bar or in a table. */
export function formatMonth(month: string): string {
  return monthFormat.format(toDate(`${month}-01`));
}
