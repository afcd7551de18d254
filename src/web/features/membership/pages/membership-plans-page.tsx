import { useState } from 'react';
import { type PurchasableTier, formatDateAU, purchasableTiers, tierRules } from '../../../../domain';
import { MembershipCallToAction } from '@/shared/membership/membership-call-to-action';
import { PlanCard } from '@/shared/membership/plan-card';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PlanAction, isOnFreeTrial } from '@/features/membership/components/plan-action';
import { PlanBenefits } from '@/features/membership/components/plan-benefits';
import { PlanComparisonTable } from '@/features/membership/components/plan-comparison-table';
import { PlanSelector } from '@/features/membership/components/plan-selector';
import { PlansHero } from '@/features/membership/components/plans-hero';

const planCardsId = 'plan-cards';
const defaultSelection: PurchasableTier = purchasableTiers.find((tier) => tierRules[tier].mostPopular) ?? 'starter';

/** /membership-plans (spec 2): hero, plan selector and cards, comparison table, benefits, call to action. */
export function MembershipPlansPage() {
  useDocumentTitle('Membership Plans');
  const { user } = useCurrentUser();
  const [selected, setSelected] = useState<PurchasableTier>(defaultSelection);

  return (
    <>
      <PlansHero user={user} />

      <section aria-labelledby="plans-heading" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <PlanSelector selected={selected} onSelect={setSelected} controls={planCardsId} />
        <div id={planCardsId} className="mt-10 grid items-stretch gap-6 md:grid-cols-3">
          {purchasableTiers.map((tier) => {
            const rules = tierRules[tier];
            const isSelected = tier === selected;
            return (
              <PlanCard
                key={tier}
                rules={rules}
                highlighted={isSelected}
                // On a phone the selector shows one plan at a time; wider screens show all three.
                className={cn(!isSelected && 'hidden md:flex')}
                marker={
                  user && isOnFreeTrial(user, rules) && user.trialEndDate ? (
                    <p className="inline-flex rounded-full bg-leaf-50 px-2.5 py-0.5 text-xs font-semibold text-leaf-700">
                      Current plan · free month until {formatDateAU(user.trialEndDate)}
                    </p>
                  ) : undefined
                }
                action={<PlanAction rules={rules} user={user} emphasised={isSelected} />}
              />
            );
          })}
        </div>
      </section>

      <PlanComparisonTable selected={selected} />

      <div className="mt-16">
        <PlanBenefits />
      </div>

      <MembershipCallToAction
        isSignedIn={user !== null}
        className="mt-16"
        title={user ? 'Ready to make the most of your plan?' : 'Ready to meet your neighbours?'}
        description={
          user
            ? 'List something, browse what is nearby, or change your plan whenever suits you.'
            : 'Joining is free and takes a minute. New members get a month of Explorer free, and you can go back to Starter at any time.'
        }
      />
    </>
  );
}
