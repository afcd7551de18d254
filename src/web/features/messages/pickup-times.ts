// A pickup's time as the proposal form reads and sends it (decision 47): the date-time field gives a
// wall-clock time in the member's own zone ("2026-03-06T10:00"), the API takes ISO 8601 with its
// offset, and the card shows the time in the member's zone beside the listing's. Pure: "now" and the
// zone are given.
import { pickupLimits, pickupTimeText } from '../../../domain/pickups';

const minuteMs = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-03-06T10:00": a moment in this browser's zone, as a datetime-local field holds it. */
export function dateTimeFieldValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "2026-03-06T10:00:00+11:00": the moment with this browser's offset on that day, as the API takes it. */
export function isoWithLocalOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  return `${dateTimeFieldValue(date)}:${pad(date.getSeconds())}${sign}${pad(hours)}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * The field's min and max: from the minutes of notice a pickup needs (rounded up to a whole minute,
 * which is all the field can hold) to as far ahead as one may be.
 */
export function pickupFieldBounds(now: Date): { min: string; max: string } {
  const earliest = Math.ceil((now.getTime() + pickupLimits.minLeadMinutes * minuteMs) / minuteMs) * minuteMs;
  const latest = now.getTime() + pickupLimits.maxAheadDays * 24 * 60 * minuteMs;
  return { min: dateTimeFieldValue(new Date(earliest)), max: dateTimeFieldValue(new Date(latest)) };
}

/** The pickup's time in the viewer's zone, or null when it reads as `when` (the listing's zone) already. */
export function viewerPickupTime(at: string, when: string, timeZone: string): string | null {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const own = pickupTimeText(date, timeZone);
  return own === when ? null : own;
}
