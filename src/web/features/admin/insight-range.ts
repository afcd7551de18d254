// The ranges the Insights card offers (decision 50): days are Sydney's calendar days, as the rollups'.
import { adminInsightLimits, adminInsightMessages } from '../../../domain/admin-insights';
import { addDays, insightDayOf } from '../../../domain/insights';
import type { InsightRange } from './api';

/** The quick choices: the last so many days, today counted. */
export const quickRanges = [
  { label: adminInsightMessages.last30Days, days: 30 },
  { label: adminInsightMessages.last90Days, days: adminInsightLimits.defaultDays },
  { label: adminInsightMessages.last12Months, days: 365 },
] as const;

/** The last `days` days up to today. */
export function lastDays(days: number, now = new Date()): InsightRange {
  const to = insightDayOf(now);
  return { from: addDays(to, 1 - days), to };
}
