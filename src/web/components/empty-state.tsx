import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type EmptyStateProps = { icon: LucideIcon; title: string; description?: ReactNode; children?: ReactNode; className?: string };

/** A friendly "nothing here yet" panel inside a page section. */
export function EmptyState({ icon: Icon, title, description, children, className }: EmptyStateProps) {
  return (
    <div className={cn('rounded-[var(--radius-card)] border border-dashed border-sand-200 bg-white px-6 py-10 text-center', className)}>
      <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-2xl bg-sand-100 text-ink-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-bold">{title}</h3>
      {description && <p className="mt-1 text-ink-700">{description}</p>}
      {children && <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
