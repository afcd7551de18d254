import { Flag, LifeBuoy, Mail, Siren } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ContactForm } from '@/features/support/components/contact-form';
import { MoreHelp } from '@/features/support/components/more-help';
import { ReplyTimes } from '@/features/support/components/reply-times';
import { SupportPageIntro } from '@/features/support/components/support-page-intro';

/** /contact: the footer's Contact Us form, open to visitors and members, with each plan's reply time (decision 32). */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { user } = useCurrentUser();
  return (
    <>
      <SupportPageIntro icon={Mail} eyebrow="Contact Us" title="Get in touch">
        <p>Questions, a problem with a trade, or an idea? Send the team a message and we’ll reply by email{user ? ' and on your Account page' : ''}.</p>
      </SupportPageIntro>

      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:px-8">
        <Card className="p-6 sm:p-8">
          <h2 className="text-xl font-extrabold">Send us a message</h2>
          <div className="mt-5">
            <ContactForm key={user?.id ?? 'visitor'} user={user} />
          </div>
        </Card>

        <aside aria-label="Before you write" className="space-y-4">
          <ReplyTimes user={user} />
          <div className="rounded-[var(--radius-card)] bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <h2 className="flex items-start gap-2 font-bold">
              <LifeBuoy className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              Quick answers
            </h2>
            <p className="mt-1 text-ink-700">
              The{' '}
              <Link href="/help" className="font-semibold text-brand-700 underline underline-offset-2">
                Help Centre
              </Link>{' '}
              covers accounts, verification, listing, plans and pickup.
            </p>
          </div>
          <div className="rounded-[var(--radius-card)] bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <h2 className="flex items-start gap-2 font-bold">
              <Flag className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              Reporting a listing or member?
            </h2>
            <p className="mt-1 text-ink-700">Paste a link to the listing or the seller’s page so we can find it quickly.</p>
          </div>
          <div className="rounded-[var(--radius-card)] bg-sun-100 p-5">
            <h2 className="flex items-start gap-2 font-bold">
              <Siren className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              Feeling unsafe?
            </h2>
            <p className="mt-1 text-ink-900">Call 000 in an emergency. We can’t respond to urgent safety issues by email.</p>
          </div>
        </aside>
      </div>

      <MoreHelp current="/contact" className="max-w-5xl" />
    </>
  );
}
