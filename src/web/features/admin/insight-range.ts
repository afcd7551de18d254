// The ranges the Insights card offers (decision 50): days are Sydney's calendar days, as the rollups'.
import { adminInsightLimits, adminInsightMessages } from '../../../domain/admin-insights';
import { addDays } from '../../../domain/insights';
import type { InsightRange } from './api';

const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Sydney, as YYYY-MM-DD. */
export function sydneyToday(now = new Date()): string {
  return sydneyDay.format(now);
}

/** The quick choices: the last so many days, today counted. */
export const quickRanges = [
  { label: adminInsightMessages.last30Days, days: 30 },
  { label: adminInsightMessages.last90Days, days: adminInsightLimits.defaultDays },
  { label: adminInsightMessages.last12Months, days: 365 },
] as const;

/** The last `days` days up to today. */
export function lastDays(days: number, now = new Date()): InsightRange {
  const to = sydneyToday(now);
  return { from: addDays(to, 1 - days), to };
}
