import { Check, Filter, Users, X } from 'lucide-react';
import { productName } from '../../../../domain';
import { useDocumentTitle } from '@/lib/use-document-title';
import { guidelines } from '@/features/support/guidelines';
import { MoreHelp } from '@/features/support/components/more-help';
import { SupportPageIntro } from '@/features/support/components/support-page-intro';

/** /guidelines: the footer's Community Guidelines. */
export function CommunityGuidelinesPage() {
  useDocumentTitle('Community Guidelines');
  return (
    <>
      <SupportPageIntro icon={Users} eyebrow="Community Guidelines" title="Good neighbours, good trades">
        <p>{productName} works because members look out for each other. Five simple rules keep it that way.</p>
      </SupportPageIntro>

      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 sm:px-6 lg:px-8">
        <ol className="space-y-6">
          {guidelines.map(({ id, icon: Icon, title, text, kind, points }, index) => (
            <li key={id}>
              <section
                aria-labelledby={`${id}-heading`}
                className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-start gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <div className="min-w-0">
                    <h2 id={`${id}-heading`} className="text-xl font-extrabold">
                      <span className="text-brand-700">{index + 1}.</span> {title}
                    </h2>
                    <p className="mt-1 text-ink-700">{text}</p>
                  </div>
                </div>
                <ul className="mt-4 space-y-2">
                  {points.map((point) => (
                    <li key={point} className="flex gap-2 text-ink-700">
                      {kind === 'avoid' ? (
                        <X className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      ) : (
                        <Check className="mt-1 size-4 shrink-0 text-leaf-600" aria-hidden="true" />
                      )}
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ol>

        <section aria-labelledby="filter-heading" className="rounded-[var(--radius-card)] bg-sun-100 p-6">
          <h2 id="filter-heading" className="flex items-start gap-3 text-xl font-extrabold">
            <Filter className="mt-1 size-5 shrink-0" aria-hidden="true" />
            About our content filter
          </h2>
          <p className="mt-2 text-ink-900">
            Our admins keep a list of banned words. A listing whose title or description uses one of them can’t be
            published until it is reworded. If you think a word was caught by mistake, let us know through Contact Us.
          </p>
        </section>
      </div>

      <MoreHelp current="/guidelines" />
    </>
  );
}
