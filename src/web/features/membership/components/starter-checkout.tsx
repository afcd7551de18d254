import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Sprout } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { membershipMessages } from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { refreshAfterTierChange, useCreateSubscription } from '@/features/membership/api';
import { PlanChangePlanned } from '@/features/membership/components/scheduled-plan-change';
import { membershipQueryKey } from '@/shared/membership/membership-status';
import { timings } from '../../../../domain/timings';

/** spec 9: the Starter checkout redirects home after about 1 second. */
const starterRedirectDelayMs = timings.starterRedirectMs;

/**
 * spec 2: Starter skips payment: the switch happens as soon as the page opens, then home.
 * `confirm`: a Lifetime member has said they mean to give it up (the server asks for that).
 */
export function StarterCheckout({ confirm = false }: { confirm?: boolean }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const subscribe = useCreateSubscription();
  const { mutate } = subscribe;
  const { user } = useCurrentUser();

  const switchToStarter = () =>
    mutate({ tier: 'starter', confirm }, {
      onSuccess: (subscription) => {
        // A year paid for turned up after the page looked: the move waits for its end (decision 31).
        if (subscription.status === 'scheduled') void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
        else void refreshAfterTierChange(queryClient, 'starter');
        toast({ title: 'Membership updated', description: subscription.message });
      },
      onError: (error) => {
        if (handleUnauthorizedError(error)) return;
        toast({ title: membershipMessages.starterSetupFailed, description: error.message, variant: 'destructive' });
      },
    });

  // Once per visit, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    switchToStarter();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the switch runs once, when the page opens
  }, []);

  const planned = subscribe.data?.status === 'scheduled' ? subscribe.data : null;
  const succeeded = subscribe.isSuccess && !planned;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate('/'), starterRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (planned?.scheduledAt && user) return <PlanChangePlanned from={user.membershipTier} tier="starter" changesOn={planned.scheduledAt} />;

  if (subscribe.isError) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center">
        <span className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <AlertCircle className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-extrabold tracking-tight">{membershipMessages.starterSetupFailed}</h1>
        <p role="alert" className="mt-3 text-ink-700">
          {subscribe.error.message}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={switchToStarter}>
            Try again
          </Button>
          <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            Back to plans
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <span className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-leaf-100 text-leaf-700">
        <Sprout className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight">{succeeded ? "You're on Starter" : 'Switching you to Starter…'}</h1>
      <p role="status" className="mt-3 text-ink-700">
        {succeeded ? 'Taking you home…' : 'No payment needed. This only takes a moment.'}
      </p>
      {succeeded && (
        <Link href="/" className={buttonVariants({ variant: 'link', className: 'mt-4' })}>
          Go home now
        </Link>
      )}
    </Card>
  );
}
