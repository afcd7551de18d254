import { Smartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { PhoneCodeStep } from './phone-code-step';
import { PhoneNumberStep } from './phone-number-step';

type PhoneVerificationCardProps = { initialPhone: string; onVerified: () => void };

/** The phone entry card: step 1 the number, step 2 the code (spec 2). */
export function PhoneVerificationCard({ initialPhone, onVerified }: PhoneVerificationCardProps) {
  const [phone, setPhone] = useState(initialPhone);
  /** The number the code went to, in international form; null while on step 1. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = sentTo ? 2 : 1;

  const changePhone = () => {
    setSentTo(null);
    // The button that had focus is gone; put focus on the step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <Card className="p-6 sm:p-8">
      <div className="mb-6 flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <Smartphone className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">Step {step} of 2</p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold">
            {step === 1 ? 'Your mobile number' : 'Enter your code'}
          </h2>
        </div>
      </div>
      {sentTo ? (
        <PhoneCodeStep phone={sentTo} onVerified={onVerified} onChangePhone={changePhone} />
      ) : (
        <PhoneNumberStep phone={phone} onPhoneChange={setPhone} onCodeSent={setSentTo} />
      )}
    </Card>
  );
}
