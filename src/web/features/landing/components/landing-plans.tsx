import { Link } from 'wouter';
import { purchasableTiers, tierRules } from '../../../../domain';
import { PlanCard } from '@/shared/membership/plan-card';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function LandingPlans() {
  return (
    <section aria-labelledby="plans-heading" className="bg-sand-100 py-16">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="plans-heading" className="text-center text-3xl font-extrabold tracking-tight">
          A plan for every neighbour
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-ink-700">
          Start free and upgrade whenever you want to list more or search further. Prices in AUD.
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {purchasableTiers.map((tier) => {
            const rules = tierRules[tier];
            return (
              <PlanCard
                key={tier}
                rules={rules}
                action={
                  <Link
                    href="/auth"
                    className={cn(buttonVariants({ variant: rules.mostPopular ? 'primary' : 'secondary' }), 'w-full')}
                  >
                    Choose {rules.label}
                  </Link>
                }
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}
