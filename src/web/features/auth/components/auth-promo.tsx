import { BadgeCheck, ShieldCheck, Smartphone } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { PromoVideo } from './promo-video';

// spec 1: the promises of the sign-in page.
const promises = [
  { icon: BadgeCheck, title: 'Verified community members only', text: 'Every neighbour here has proven who they are.' },
  { icon: Smartphone, title: 'Email and phone verification', text: 'Two checks before anyone can trade.' },
  { icon: ShieldCheck, title: 'Safe and secure transactions', text: 'Meet locally, pay with confidence.' },
];

export function AuthPromo() {
  return (
    <Card className="overflow-hidden p-6 sm:p-8">
      <h2 className="text-xl font-extrabold tracking-tight">Trade with people who live nearby</h2>
      <ul className="mt-5 space-y-4">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-leaf-50 text-leaf-600">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-ink-500">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        <PromoVideo />
      </div>
    </Card>
  );
}
