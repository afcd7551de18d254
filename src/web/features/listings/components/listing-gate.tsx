import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

type ListingGateProps = { icon: LucideIcon; title: string; message: string; href: string; action: string };

/** Shown instead of the listing form when something must be done first (a verified email or phone, a postcode). */
export function ListingGate({ icon: Icon, title, message, href, action }: ListingGateProps) {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-sun-100">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="mt-1 text-ink-700">{message}</p>
        <Link href={href} className={buttonVariants({ className: 'mt-4' })}>
          {action}
        </Link>
      </div>
    </Card>
  );
}
