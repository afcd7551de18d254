import type { ReactNode } from 'react';

/**
 * A chart's table in its own scrolling box, its heading row kept in sight: a month of rows would make
 * the page around it long. A box that scrolls takes the keyboard's focus, so it can be scrolled
 * without a mouse, and is named by the table's caption.
 */
export function ScrollingTable({ caption, headings, children, className = 'text-xs sm:text-sm' }: { caption: string; headings: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-80 overflow-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      <table className={`w-full tabular-nums ${className}`}>
        <caption className="sr-only">{caption}</caption>
        {/* A line under the headings that stays with them (a sticky row's border would not). */}
        <thead className="sticky top-0 bg-white shadow-[inset_0_-1px_0_var(--color-sand-200)]">
          <tr className="text-left text-xs text-ink-700">{headings}</tr>
        </thead>
        <tbody className="divide-y divide-sand-100">{children}</tbody>
      </table>
    </div>
  );
}
