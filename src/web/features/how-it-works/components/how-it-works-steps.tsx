import { BadgeCheck, Camera, Handshake, MapPin, MessageCircle, UserPlus } from 'lucide-react';
import { countOf, tierRules } from '../../../../domain';

// The journey of a member, from joining to picking up (spec 1 and 2).
const steps = [
  {
    icon: UserPlus,
    title: 'Join the community',
    text: `Create a free account in about a minute. New members get ${countOf(tierRules.explorer.freeTrialMonths, 'month')} of ${tierRules.explorer.label} free.`,
  },
  {
    icon: BadgeCheck,
    title: 'Get verified',
    text: "Confirm your email with a 6-digit code and your Australian mobile by SMS: both before you list or message. A card on file adds a badge; it's for verification and isn't charged unless you upgrade.",
  },
  {
    icon: Camera,
    title: 'List with photos',
    text: 'Add a title, price, description and photos. We shrink big photos for you, and listings never expire.',
  },
  {
    icon: MapPin,
    title: 'Browse near you',
    text: `Search by category and location, or use the map. ${tierRules.starter.label} covers about ${tierRules.starter.searchRadiusKm} km around you; bigger plans search further.`,
  },
  {
    icon: MessageCircle,
    title: 'Message the seller',
    text: 'Found something you like? Tap Message Seller and they get your contact details to arrange a time.',
  },
  {
    icon: Handshake,
    title: 'Meet for pickup',
    text: 'Meet your neighbour somewhere convenient, check the item and pay in person. No shipping, no strangers.',
  },
];

export function HowItWorksSteps() {
  return (
    <section aria-labelledby="steps-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
      <h2 id="steps-heading" className="sr-only">
        Six steps from joining to pickup
      </h2>
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="text-xs font-bold tracking-wide text-brand-700 uppercase">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-bold">{title}</h3>
            <p className="mt-1 text-ink-700">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
