import { PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { type MembershipTier, nowMemberSentence } from '../../../../domain';
import { TierBadge } from '@/components/tier-badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * spec 4: success shows 'Welcome to the family' with the tier; the payment's return target is /.
 * `detail`: when the first charge waits for the free month to end, the sentence that says when.
 */
export function PaymentSuccess({ tier, detail }: { tier: MembershipTier; detail?: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-leaf-100 text-leaf-700">
        <PartyPopper className="size-7" aria-hidden="true" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold tracking-tight">
        Welcome to the family!
      </h1>
      <p className="mt-3 text-ink-700">{detail ?? `${nowMemberSentence(tier)} Your new plan is ready to use.`}</p>
      <div className="mt-4 flex justify-center">
        <TierBadge tier={tier} showLabel className="px-3 py-1 text-sm tracking-wide uppercase" />
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          Back to home
        </Link>
        <Link href="/create-listing" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          Sell Something
        </Link>
      </div>
    </Card>
  );
}
