import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { supportPages, type SupportPagePath } from '@/features/support/support-pages';

/** The other footer pages, at the end of each one (all four on a page that is not one of them, /privacy), so nobody reaches a dead end. */
export function MoreHelp({ current, className }: { current?: SupportPagePath; className?: string }) {
  const others = supportPages.filter((page) => page.path !== current);
  return (
    <nav aria-labelledby="more-help-heading" className={cn('mx-auto mt-16 w-full max-w-3xl px-4 sm:px-6 lg:px-8', className)}>
      <h2 id="more-help-heading" className="text-xl font-extrabold tracking-tight">
        More help
      </h2>
      <ul className={cn('mt-4 grid gap-3', others.length % 3 === 0 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {others.map((page) => (
          <li key={page.path}>
            <Link
              href={page.path}
              className="flex h-full min-h-11 flex-col rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="flex items-center justify-between gap-2 font-bold text-ink-900">
                {page.label}
                <ArrowRight className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              </span>
              <span className="mt-1 text-sm text-ink-700">{page.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
