import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { pickupMessages } from '../../../../domain/pickups';
import { cn } from '@/lib/cn';

/** The safety page's advice on meeting, beside every pickup and proposal (decision 47). */
export function PickupSafetyAdvice({ id, className }: { id?: string; className?: string }) {
  return (
    <p id={id} className={cn('flex gap-2 text-xs leading-relaxed text-ink-700', className)}>
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-leaf-700" aria-hidden="true" />
      <span className="min-w-0">
        {pickupMessages.safetyAdvice}{' '}
        <Link href="/safety" className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Read our safety tips
        </Link>
      </span>
    </p>
  );
}
