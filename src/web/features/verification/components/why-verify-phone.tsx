import { BellRing, Gift, ShieldCheck, UsersRound } from 'lucide-react';
import { type PhoneVerificationReason, phoneVerificationReasons } from '../../../../domain';
import { Card } from '@/components/ui/card';

// spec 2: four reasons, in this order: trust, extra membership benefits, SMS notifications, security (their words: src/domain).
const icons: Record<PhoneVerificationReason['key'], typeof UsersRound> = { trust: UsersRound, benefits: Gift, sms: BellRing, security: ShieldCheck };
const reasons = phoneVerificationReasons.map((reason) => ({ ...reason, icon: icons[reason.key] }));

export function WhyVerifyPhone() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Why verify your phone?</h2>
      <ul className="mt-4 space-y-4">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-leaf-100 text-leaf-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-ink-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
