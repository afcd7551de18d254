// The Insights card's figures in words (decision 50): money stays exact (whole cents as bigint,
// never a float), durations read as a person would say them.
import { formatPrice } from '../../../domain';

/** "1234.5" or "1234.50" (revenue is never below nothing) as whole cents. */
function toCents(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** The exact sum of AUD amounts, as the API gives them ("1234.50"). */
export function addAmounts(amounts: string[]): string {
  const cents = amounts.reduce((sum, amount) => sum + toCents(amount), 0n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** "$1,234.50": an exact amount in Australian dollars. */
export const formatAud = (amount: string) => formatPrice(amount);

/** A bar's length: a float is fine for drawing, never for the label. */
export const amountForDrawing = (amount: string) => Number(amount);

/** 200 minutes as "3 h 20 min"; a day and more as "2 d 3 h". */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

/** 0.4 as "40%", 0.125 as "12.5%". */
export const formatRate = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString('en-AU')}%`;
