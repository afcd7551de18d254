// Dates as Australians read them.

/** "22/12/2026" (spec 4: dates in en-AU format), on the Sydney calendar. */
export function formatDateAU(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Australia/Sydney' });
}
