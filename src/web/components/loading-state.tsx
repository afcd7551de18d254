import { cn } from '@/lib/cn';

/** A calm, neutral "loading" mark: for the whole screen while the member is looked up, or a page's area. */
export function LoadingState({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[50vh] items-center justify-center', className)}>
      <span className="sr-only">Loading…</span>
      <span aria-hidden="true" className="h-2 w-24 animate-pulse rounded-full bg-sand-200" />
    </div>
  );
}
