import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { buttonVariants } from '@/components/ui/button';

type MembershipCallToActionProps = { isSignedIn: boolean; title: string; description: string; className?: string };

/** The closing panel of the plans and how-it-works pages: members go to their dashboard, visitors join (spec 2). */
export function MembershipCallToAction({ isSignedIn, title, description, className }: MembershipCallToActionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>
      <div className="rounded-[var(--radius-card)] bg-ink-900 px-6 py-10 text-center text-white sm:px-10">
        <h2 id={headingId} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-white/80">{description}</p>
        <Link href={isSignedIn ? '/dashboard' : '/auth'} className={cn(buttonVariants({ size: 'lg' }), 'mt-6 whitespace-normal')}>
          {isSignedIn ? 'Go to My Dashboard' : 'Join the Community!'}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
