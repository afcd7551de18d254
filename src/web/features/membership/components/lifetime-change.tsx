import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { lifetimeLosses } from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StarterCheckout } from './starter-checkout';

/**
 * /subscribe/starter for a Lifetime member: nothing happens until they have read what they would
 * give up and said they mean it, since nobody can buy Lifetime back.
 */
export function LifetimeToStarter() {
  const [confirmed, setConfirmed] = useState(false);
  useDocumentTitle(confirmed ? 'Switch to Starter' : 'You have Lifetime membership');
  if (confirmed) return <StarterCheckout confirm />;
  return (
    <Card className="mx-auto max-w-xl p-6 sm:p-8">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-ink-900">
        <Crown className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight">You have Lifetime membership</h1>
      <p className="mt-2 text-ink-700">It was a gift from our team and already includes every benefit. Switching to Starter ends it for good, and you would lose:</p>
      <ul className="mt-4 list-disc space-y-1.5 pl-5 text-ink-900" aria-label="What you would lose">
        {lifetimeLosses().map((loss) => (
          <li key={loss}>{loss}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link href="/account" className={buttonVariants({ size: 'lg' })}>
          Keep Lifetime
        </Link>
        <Button variant="secondary" size="lg" onClick={() => setConfirmed(true)}>
          Give up Lifetime
        </Button>
      </div>
    </Card>
  );
}
