// The operator's dashboard's call (decision 50): GET /api/admin/insights?from&to and its CSV.
import { z } from 'zod';
import { adminInsightLimits, adminInsightMessages, daysInRange } from './admin-insights';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(dayPattern, adminInsightMessages.dateInvalid)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), adminInsightMessages.dateInvalid);

/** `from` and `to` are optional (the last 90 days end today); given, `from` comes first and the range is at most maxDays. */
export const adminInsightsQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: adminInsightMessages.rangeBackwards, path: ['to'] })
  .refine((query) => !query.from || !query.to || daysInRange(query.from, query.to) <= adminInsightLimits.maxDays, { message: adminInsightMessages.rangeTooLong, path: ['from'] });
export type AdminInsightsQuery = z.infer<typeof adminInsightsQuery>;

export const adminInsightDaySchema = z.object({
  date: z.string(),
  membersNew: z.number(),
  membersStarter: z.number(),
  membersExplorer: z.number(),
  membersConnector: z.number(),
  membersLifetime: z.number(),
  listingsNew: z.number(),
  listingsActive: z.number(),
  messages: z.number(),
  reportsOpened: z.number(),
  reportsClosed: z.number(),
  reportMedianMinutes: z.number().nullable(),
  trialsStarted: z.number(),
  trialsConverted: z.number(),
  /** Exact AUD ("1234.50"). */
  revenue: z.string(),
});
export type AdminInsightDay = z.infer<typeof adminInsightDaySchema>;

export const adminInsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** What each point covers (insightBucketFor): days up to three months, weeks up to a year, months beyond. */
  bucket: z.enum(['day', 'week', 'month']),
  /**
   * The points of the range that have rollups, oldest first (the job makes today's within the hour).
   * `date` is the point's first day; counts are its sums, members by plan and active listings its last day's.
   */
  days: z.array(adminInsightDaySchema),
  /** Revenue by calendar month over the range, exact AUD. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.string() })),
  /** Free months started in the range, how many became paid plans, and the share (null without any). */
  trials: z.object({ started: z.number(), converted: z.number(), rate: z.number().nullable() }),
  /** The median minutes to close a report, over the reports closed in the range (null without any). */
  reportMedianMinutes: z.number().nullable(),
  /** The postcodes with the most listings for sale now. */
  busiestPostcodes: z.array(z.object({ postcode: z.string(), suburb: z.string().nullable(), state: z.string(), listings: z.number() })),
});
export type AdminInsights = z.infer<typeof adminInsightsSchema>;
