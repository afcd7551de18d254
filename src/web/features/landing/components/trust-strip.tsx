import { BadgeCheck, MapPin, ShieldCheck } from 'lucide-react';

const points = [
  { icon: BadgeCheck, title: 'Verified neighbours', text: 'Email and phone checks for every member.' },
  { icon: MapPin, title: 'Local pickup', text: 'Find things for sale just down the street.' },
  { icon: ShieldCheck, title: 'Safer trading', text: 'Know who you are meeting before you go.' },
];

export function TrustStrip() {
  return (
    <section aria-labelledby="why-heading" className="bg-white py-14">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="why-heading" className="text-center text-3xl font-extrabold tracking-tight">
          Why neighbours love it
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {points.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-[var(--radius-card)] bg-sand-50 p-6">
              <Icon className="size-8 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-1 text-ink-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
