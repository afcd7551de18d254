import { Award, PackagePlus, Telescope } from 'lucide-react';
import { describePlanBenefits } from '../../../../domain';

const { searchWider, standOut, listMore } = describePlanBenefits();

// spec 2: the plans page's three benefit cards. The facts in them come from the tier rules.
const benefits = [
  {
    icon: Telescope,
    title: 'Search Wider',
    text: searchWider,
  },
  {
    icon: Award,
    title: 'Stand Out',
    text: standOut,
  },
  {
    icon: PackagePlus,
    title: 'List More Items',
    text: listMore,
  },
];

export function PlanBenefits() {
  return (
    <section aria-labelledby="benefits-heading" className="bg-white py-14">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl">
          Why upgrade?
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-[var(--radius-card)] bg-sand-50 p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-1 text-ink-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
