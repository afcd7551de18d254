import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

type AccountSectionProps = { id?: string; icon: LucideIcon; title: string; description?: string; children: ReactNode };

/** One titled block of the account page. */
export function AccountSection({ id, icon: Icon, title, description, children }: AccountSectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className="p-5 sm:p-6">
        <div className="mb-5 flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-xl font-bold">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-ink-700">{description}</p>}
          </div>
        </div>
        {children}
      </Card>
    </section>
  );
}
