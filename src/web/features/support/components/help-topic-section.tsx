import { ChevronDown } from 'lucide-react';
import type { HelpTopic } from '@/features/support/help-topics';

/** One topic of the Help Centre: native details/summary, so keyboard and screen readers work without script. */
export function HelpTopicSection({ topic }: { topic: HelpTopic }) {
  const headingId = `${topic.id}-heading`;
  return (
    <section id={topic.id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="text-2xl font-extrabold tracking-tight">
        {topic.title}
      </h2>
      <div className="mt-4 divide-y divide-sand-200 rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm">
        {topic.questions.map(({ question, answer }) => (
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
