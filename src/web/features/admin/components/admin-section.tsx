import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type AdminSectionProps = {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Controls beside the title, such as a refresh button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One card of the admin page: an icon, a heading that names the region, and its content. */
export function AdminSection({ icon: Icon, title, description, actions, className, children }: AdminSectionProps) {
  const headingId = useId();
  return (
    <Card className={cn('min-w-0', className)}>
      <section aria-labelledby={headingId} className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h2 id={headingId} className="text-lg font-extrabold tracking-tight">
                {title}
              </h2>
              {description && <p className="mt-0.5 text-sm text-ink-500">{description}</p>}
            </div>
          </div>
          {actions}
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}
