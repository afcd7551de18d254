import { Award, PackagePlus, Telescope } from 'lucide-react';
import { tierRules } from '../../../../domain';
import { formatPinnedPosts } from '../../../components/membership-plan-facts';

const { starter, explorer, connector } = tierRules;

// spec 2: the plans page's three benefit cards. The facts in them come from the tier rules.
const benefits = [
  {
    icon: Telescope,
    title: 'Search Wider',
    text: `Starter covers your ${starter.searchAreaLabel.toLowerCase()}. Explorer opens up your state, and Connector lets you search all of Australia.`,
  },
  {
    icon: Award,
    title: 'Stand Out',
    text: `A ${explorer.badge.toLowerCase()} or ${connector.badge.toLowerCase()} shows neighbours you're serious, and Connector adds ${formatPinnedPosts(connector.pinnedPosts)} to keep your best item in view.`,
  },
  {
    icon: PackagePlus,
    title: 'List More Items',
    text: `Have up to ${explorer.listingLimit} listings at once with Explorer or ${connector.listingLimit} with Connector, with up to ${connector.maxImagesPerListing} photos each.`,
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
