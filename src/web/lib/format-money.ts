import { formatPrice } from '../../domain';

/** Whole cents as AUD text, through the domain's price formatter: 2400 -> "$24", 250 -> "$2.50". */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(Math.abs(cents % 100)).padStart(2, '0');
  return formatPrice(`${whole}.${fraction}`);
}
