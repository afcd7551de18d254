import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';

/** A received message's safety tip (decision 15: decided when it was sent, shown to the receiver only). */
export function SafetyTipBox({ tip }: { tip: string }) {
  return (
    <div role="note" aria-label="Safety tip" className="mt-1.5 flex max-w-[min(28rem,85%)] gap-2.5 rounded-2xl border border-sun-400 bg-sun-100 px-3.5 py-3 text-sm text-ink-900">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-bold">Stay safe</p>
        <p className="mt-0.5 break-words">{tip}</p>
        <Link href="/safety" className="mt-1.5 inline-flex min-h-8 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Read our safety tips
        </Link>
      </div>
    </div>
  );
}
