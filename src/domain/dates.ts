// Dates as Australians read them.

// Made once: building a date format (its locale and time zone data) costs far more than using it.
const auDate = new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Australia/Sydney' });

/** "22/12/2026" (spec 4: dates in en-AU format), on the Sydney calendar. */
export function formatDateAU(date: Date | string): string {
  return auDate.format(new Date(date));
}
