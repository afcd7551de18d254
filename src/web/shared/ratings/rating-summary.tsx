import { Star } from 'lucide-react';
import { describeRating, formatRating, ratingLabels, ratingLimits } from '../../../domain/ratings';
import { cn } from '@/lib/cn';

type RatingSummaryProps = { average: number | null; count: number; className?: string };

/** "4.8 ★ (12)" beside a member's name; nothing until someone has rated them. */
export function RatingSummary({ average, count, className }: RatingSummaryProps) {
  const text = formatRating({ average, count });
  if (!text) return null;
  return (
    <span className={cn('inline-flex shrink-0 items-center text-sm font-semibold whitespace-nowrap text-ink-700', className)}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{describeRating({ average, count })}</span>
    </span>
  );
}

/** A rating's stars: five marks, as many filled as given, read as "4 out of 5 stars". */
export function StarRow({ stars, className }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={ratingLabels.starsOutOf(stars)} className={cn('inline-flex items-center gap-0.5', className)}>
      {Array.from({ length: ratingLimits.maxStars }, (_, index) => (
        <Star key={index} aria-hidden="true" className={cn('size-4', index < stars ? 'fill-sun-400 text-sun-400' : 'text-sand-200')} />
      ))}
    </span>
  );
}
