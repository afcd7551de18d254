import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** spec 7: one column on a phone, two to four as the screen widens. */
export const listingGridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function ListingGrid({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <ul className={cn(listingGridClass, className)} aria-label={label}>
      {children}
    </ul>
  );
}

/** A card-shaped placeholder while listings load (spec 2: 4 or 8 of them). */
export function ListingCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full animate-pulse flex-col overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-white">
      <div className="aspect-[4/3] bg-sand-100" />
      <div className="space-y-3 p-4">
        <div className="h-6 w-1/3 rounded-full bg-sand-200" />
        <div className="h-4 w-4/5 rounded-full bg-sand-200" />
        <div className="h-4 w-3/5 rounded-full bg-sand-100" />
        <div className="h-4 w-2/5 rounded-full bg-sand-100" />
      </div>
    </div>
  );
}

export function ListingGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" className={cn(listingGridClass, className)}>
      <span className="sr-only">Loading listings…</span>
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </div>
  );
}
