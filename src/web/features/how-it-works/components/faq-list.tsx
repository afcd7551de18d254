import { ChevronDown } from 'lucide-react';
import { faqEntries } from '@/features/how-it-works/faq';

/** The FAQ as native disclosure widgets: keyboard and screen readers work without any script. */
export function FaqList() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
      <h2 id="faq-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-sand-200 rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm">
        {faqEntries.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-[var(--radius-card)] px-5 py-4 font-semibold hover:bg-sand-50 [&::-webkit-details-marker]:hidden">
              <span>{question}</span>
              <ChevronDown className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="px-5 pb-5 text-ink-700">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
