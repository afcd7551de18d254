import { ShieldCheck, Siren } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MoreHelp } from '@/features/support/components/more-help';
import { SupportPageIntro } from '@/features/support/components/support-page-intro';
import { reportSteps, safetyTipGroups } from '@/features/support/safety-tips';

/** /safety: the footer's Safety Tips. */
export function SafetyTipsPage() {
  useDocumentTitle('Safety Tips');
  return (
    <>
      <SupportPageIntro icon={ShieldCheck} eyebrow="Safety Tips" title="Trade safely with your neighbours">
        <p>Verification keeps most trouble out. These habits keep the rest away, whether you are buying or selling.</p>
      </SupportPageIntro>

      <div className="mx-auto w-full max-w-5xl space-y-14 px-4 sm:px-6 lg:px-8">
        {safetyTipGroups.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-heading`}>
            <h2 id={`${group.id}-heading`} className="text-2xl font-extrabold tracking-tight">
              {group.title}
            </h2>
            <p className="mt-2 text-ink-700">{group.lead}</p>
            <ul className={cn('mt-6 grid gap-4', group.tips.length % 3 === 0 ? 'md:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-4')}>
              {group.tips.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-5 shadow-sm">
                  <span className="inline-flex size-10 items-center justify-center rounded-xl bg-leaf-50 text-leaf-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-3 font-bold">{title}</h3>
                  <p className="mt-1 text-ink-700">{text}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}

        <section aria-labelledby="report-heading" className="rounded-[var(--radius-card)] bg-ink-900 p-6 text-white sm:p-8">
          <h2 id="report-heading" className="flex items-start gap-3 text-2xl font-extrabold tracking-tight">
            <Siren className="mt-0.5 size-6 shrink-0 text-sun-300" aria-hidden="true" />
            If something goes wrong
          </h2>
          <ol className="mt-5 list-decimal space-y-3 pl-5 text-white/90 marker:font-bold marker:text-sun-300">
            {reportSteps.map((step) => (
              <li key={step} className="pl-1">
                {step}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <MoreHelp current="/safety" className="max-w-5xl" />
    </>
  );
}
