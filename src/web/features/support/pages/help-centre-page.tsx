import { LifeBuoy } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HelpTopicSection } from '@/features/support/components/help-topic-section';
import { MoreHelp } from '@/features/support/components/more-help';
import { SupportPageIntro } from '@/features/support/components/support-page-intro';
import { helpTopics } from '@/features/support/help-topics';

/** /help: the footer's Help Centre, answers grouped by topic. */
export function HelpCentrePage() {
  useDocumentTitle('Help Centre');
  return (
    <>
      <SupportPageIntro icon={LifeBuoy} eyebrow="Help Centre" title="How can we help?">
        <p>
          Quick answers about your account, verification, listing, plans and pickup. Can’t find yours?{' '}
          <Link href="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
            Contact us
          </Link>
          .
        </p>
      </SupportPageIntro>

      <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
        <nav aria-label="Help topics">
          <ul className="flex flex-wrap justify-center gap-2">
            {helpTopics.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold text-ink-700 shadow-xs hover:border-brand-300 hover:bg-brand-50"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-10 space-y-12">
          {helpTopics.map((topic) => (
            <HelpTopicSection key={topic.id} topic={topic} />
          ))}
        </div>
      </div>

      <MoreHelp current="/help" />
    </>
  );
}
