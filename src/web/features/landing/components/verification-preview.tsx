import { CreditCard, type LucideIcon, Mail, Smartphone } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { tierRules } from '../../../../domain';
import { formatFreeTrial } from '@/shared/membership/plan-facts';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

// spec 2: the three steps are a picture of what members do after joining. The fields are static:
// read-only, never validated, never sent, and never autofilled with a real card.
const previewInputClass = 'cursor-default bg-sand-50 placeholder:text-ink-500';

/** spec 9: +61 is the only country code offered. */
const countryCodes = ['+61'] as const;

type StepProps = { number: number; icon: LucideIcon; title: string; description: string; children: ReactNode };

function VerificationStep({ number, icon: Icon, title, description, children }: StepProps) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="flex flex-col rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">Step {number}</p>
          <h3 id={headingId} className="text-lg font-extrabold">
            {title}
          </h3>
        </div>
      </div>
      <p className="mt-3 text-ink-700">{description}</p>
      <div className="mt-5 space-y-4">{children}</div>
    </li>
  );
}

type PreviewFieldProps = { label: string; previewNoteId: string; className?: string } & Omit<
  ComponentProps<'input'>,
  'id' | 'readOnly' | 'aria-describedby'
>;

function PreviewField({ label, previewNoteId, className, ...inputProps }: PreviewFieldProps) {
  const id = useId();
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} readOnly autoComplete="off" aria-describedby={previewNoteId} className={previewInputClass} {...inputProps} />
    </div>
  );
}

export function VerificationPreview() {
  const previewNoteId = useId();
  const countryCodeId = useId();
  const mobileId = useId();
  const explorer = tierRules.explorer;
  return (
    <section aria-labelledby="verify-steps-heading" className="pt-16">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <p className="text-center text-xs font-bold tracking-wide text-leaf-700 uppercase">Verified in minutes</p>
        <h2 id="verify-steps-heading" className="mt-2 text-center text-3xl font-extrabold tracking-tight">
          Three steps to a verified badge
        </h2>
        <p id={previewNoteId} className="mx-auto mt-3 max-w-2xl text-center text-ink-700">
          A preview of what you fill in after you join: nothing typed here is checked, sent or saved.
        </p>

        <ol className="mt-10 grid gap-6 lg:grid-cols-3">
          <VerificationStep
            number={1}
            icon={Mail}
            title="Email magic link"
            description="We email you a one-time link with your 6-digit code. Open it, press Verify, and your address is confirmed."
          >
            <PreviewField label="Email address" type="email" placeholder="you@example.com.au" previewNoteId={previewNoteId} />
          </VerificationStep>

          <VerificationStep
            number={2}
            icon={Smartphone}
            title="SMS code"
            description="Add your Australian mobile and type in the 6-digit code we text you."
          >
            <fieldset className="min-w-0">
              <legend className="sr-only">Mobile number with country code</legend>
              <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
                <div className="space-y-1.5">
                  <Label htmlFor={countryCodeId} className="whitespace-nowrap">
                    Country code
                  </Label>
                  <Select id={countryCodeId} defaultValue={countryCodes[0]} aria-describedby={previewNoteId}>
                    {countryCodes.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </Select>
                </div>
                <div className="min-w-0 space-y-1.5">
                  <Label htmlFor={mobileId}>Mobile number</Label>
                  <Input
                    id={mobileId}
                    type="tel"
                    inputMode="tel"
                    readOnly
                    autoComplete="off"
                    placeholder="412 345 678"
                    aria-describedby={previewNoteId}
                    className={previewInputClass}
                  />
                </div>
              </div>
            </fieldset>
          </VerificationStep>

          <VerificationStep
            number={3}
            icon={CreditCard}
            title="Card on file"
            description="Your card is for verification only. It is not charged unless you upgrade your plan."
          >
            <PreviewField label="Card number" inputMode="numeric" placeholder="1234 5678 9012 3456" previewNoteId={previewNoteId} />
            <div className="grid grid-cols-2 gap-3">
              <PreviewField label="Expiry (MM/YY)" inputMode="numeric" placeholder="MM/YY" previewNoteId={previewNoteId} />
              <PreviewField label="CVC" inputMode="numeric" placeholder="123" previewNoteId={previewNoteId} />
            </div>
          </VerificationStep>
        </ol>

        <div className="mt-10 flex flex-col items-center gap-3 text-center">
          <Link href="/auth" className={cn(buttonVariants({ size: 'lg' }), 'whitespace-normal')}>
            Start with {explorer.label}
          </Link>
          <p className="text-sm text-ink-700">
            {formatFreeTrial(explorer.freeTrialMonths)}. No card is charged unless you upgrade.
          </p>
        </div>
      </div>
    </section>
  );
}
