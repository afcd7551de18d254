// When messages were sent, as a member reads it: "Just now", "5 min ago", "Yesterday" in the inbox;
// "3:05 pm" under a bubble; "Today", "Monday", "3 March" between the days of a thread. Pure: `now`
// and the time zone are given (null `now`: not known yet, as on the server, so a plain date).

/** The zone a page rendered on the server shows times in (the browser then uses its own). */
export const serverTimeZone = 'Australia/Sydney';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Made once per zone and shape: building a date format costs far more than using it. */
function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** The calendar day a moment falls on in the zone, as "2026-03-05" (days compare as text). */
export function calendarDay(date: Date, timeZone?: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** How many calendar days before `now` the moment fell (0: today, 1: yesterday). */
function daysBefore(date: Date, now: Date, timeZone?: string): number {
  const day = Date.parse(`${calendarDay(date, timeZone)}T00:00:00Z`);
  const today = Date.parse(`${calendarDay(now, timeZone)}T00:00:00Z`);
  return Math.round((today - day) / (24 * hourMs));
}

function sameYear(date: Date, now: Date | null, timeZone?: string): boolean {
  return now !== null && calendarDay(date, timeZone).slice(0, 4) === calendarDay(now, timeZone).slice(0, 4);
}

/** "3:05 pm". */
export function formatClockTime(date: Date, timeZone?: string): string {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit', hour12: true }).format(date).replace(/\s?([ap])\.?m\.?$/i, ' $1m').toLowerCase();
}

/** "3 Mar", or "3 Mar 2025" in another year. */
function formatShortDate(date: Date, now: Date | null, timeZone?: string): string {
  return formatter(timeZone, sameYear(date, now, timeZone) ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** The inbox's time of a conversation's last message. */
export function formatRelativeTime(date: Date, now: Date | null, timeZone?: string): string {
  if (!now) return formatShortDate(date, now, timeZone);
  const ago = now.getTime() - date.getTime();
  if (ago < minuteMs) return 'Just now';
  if (ago < hourMs) return `${Math.floor(ago / minuteMs)} min ago`;
  const days = daysBefore(date, now, timeZone);
  if (days <= 0) return `${Math.floor(ago / hourMs)} h ago`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return formatter(timeZone, { weekday: 'long' }).format(date);
  return formatShortDate(date, now, timeZone);
}

/** The line between the days of a thread. */
export function formatDayLabel(date: Date, now: Date | null, timeZone?: string): string {
  if (now) {
    const days = daysBefore(date, now, timeZone);
    if (days === 0) return 'Today';
    if (days === 1) return 'Yesterday';
    if (days > 1 && days < 7) return formatter(timeZone, { weekday: 'long' }).format(date);
  }
  return formatter(timeZone, sameYear(date, now, timeZone) ? { weekday: 'long', day: 'numeric', month: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The full moment, for a time's tooltip: "Thursday 5 March 2026 at 3:05 pm". */
export function formatFullTime(date: Date, timeZone?: string): string {
  return `${formatter(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date)} at ${formatClockTime(date, timeZone)}`;
}
