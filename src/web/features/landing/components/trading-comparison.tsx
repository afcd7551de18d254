import { BadgeCheck, CalendarX, Check, Flag, type LucideIcon, MapPin, ShieldAlert, UserRoundCheck, UserRoundX, X } from 'lucide-react';
import { productName } from '../../../../domain';

type ComparisonPoint = { icon: LucideIcon; title: string; text: string };

// spec 2: the landing page's without/with comparison of risky trading versus verified neighbours.
const withoutVerification: ComparisonPoint[] = [
  { icon: UserRoundX, title: 'Strangers', text: 'Anyone can message you, with no way of knowing who is really on the other end.' },
  { icon: ShieldAlert, title: 'Scams', text: 'Fake payment screenshots, “overpayments” and requests for codes sent to your phone.' },
  { icon: CalendarX, title: 'No-shows', text: 'Buyers who promise to come, then never turn up or answer again.' },
  { icon: X, title: 'Fake profiles', text: 'Throwaway accounts that vanish as soon as something goes wrong.' },
];

const withVerification: ComparisonPoint[] = [
  { icon: BadgeCheck, title: 'Email and phone verified', text: 'Checked before anyone lists or messages. A verified card adds a badge.' },
  { icon: MapPin, title: 'Local pickup', text: 'Meet just around the corner, inspect the item, no couriers or shipping.' },
  { icon: UserRoundCheck, title: 'Real names', text: 'You see who you are dealing with before you head out the door.' },
  { icon: Flag, title: 'Community moderation', text: 'Listings are filtered and neighbours report problems, so trouble is dealt with fast.' },
];

function ComparisonColumn({
  headingId,
  heading,
  points,
  tone,
}: {
  headingId: string;
  heading: string;
  points: ComparisonPoint[];
  tone: 'risky' | 'verified';
}) {
  const isVerified = tone === 'verified';
  const Marker = isVerified ? Check : X;
  return (
    <div
      className={
        isVerified
          ? 'rounded-[var(--radius-card)] border-2 border-leaf-500 bg-leaf-50 p-6 shadow-sm sm:p-8'
          : 'rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 sm:p-8'
      }
    >
      <h3 id={headingId} className="flex items-center gap-3 text-xl font-extrabold">
        <span
          className={
            isVerified
              ? 'inline-flex size-9 items-center justify-center rounded-full bg-leaf-600 text-white'
              : 'inline-flex size-9 items-center justify-center rounded-full bg-sand-100 text-brand-700'
          }
        >
          <Marker className="size-5" aria-hidden="true" strokeWidth={3} />
        </span>
        {heading}
      </h3>
      <ul aria-labelledby={headingId} className="mt-6 space-y-5">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <Icon className={isVerified ? 'mt-0.5 size-6 shrink-0 text-leaf-700' : 'mt-0.5 size-6 shrink-0 text-brand-700'} aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-bold text-ink-900">{title}</p>
              <p className="mt-0.5 text-ink-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TradingComparison() {
  return (
    <section aria-labelledby="comparison-heading" className="bg-white py-16">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="comparison-heading" className="text-center text-3xl font-extrabold tracking-tight">
          Trading online, without and with verified neighbours
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-ink-700">
          Classifieds are great until a stranger doesn’t show, or worse. {productName} only lets verified locals in.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <ComparisonColumn headingId="comparison-without" heading="Without verification" points={withoutVerification} tone="risky" />
          <ComparisonColumn headingId="comparison-with" heading={`With ${productName}`} points={withVerification} tone="verified" />
        </div>
      </div>
    </section>
  );
}
