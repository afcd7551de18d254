import { ArrowRight, CircleCheckBig } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type VerifiedConfirmationProps = { title: string; description: string };

/** The "done" card of a verification page, with the way back to the account page. */
export function VerifiedConfirmation({ title, description }: VerifiedConfirmationProps) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-leaf-100 text-leaf-700">
        <CircleCheckBig className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
      <p role="status" className="mt-3 text-ink-700">
        {description}
      </p>
      <Link href="/account" className={cn(buttonVariants({ size: 'lg' }), 'mt-6')}>
        Go to Account
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  );
}
