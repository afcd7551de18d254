import { CircleQuestionMark, Database, Download, Eye, Lock, Mail, Pencil, UserX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { productName } from '../../../../domain';
import { closeAccountMessages, closedAccountErasedWithinDays, closedAccountKeepDays, dataExportIntervalHours, dataExportValidityDays, formerMemberName } from '../../../../domain/your-data';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MoreHelp } from '@/features/support/components/more-help';
import { SupportPageIntro } from '@/features/support/components/support-page-intro';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** "once a day" for a day between copies, else every so many hours. */
const copyInterval = dataExportIntervalHours === 24 ? 'once a day' : `once every ${dataExportIntervalHours} hours`;

function PrivacySection({ id, icon: Icon, title, children }: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 id={`${id}-heading`} className="min-w-0 self-center text-xl font-extrabold break-words">
          {title}
        </h2>
      </div>
      <div className="mt-4 space-y-3 text-ink-700">{children}</div>
    </section>
  );
}

function Points({ points }: { points: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">
      {points.map((point, index) => (
        <li key={index} className="pl-1">
          {point}
        </li>
      ))}
    </ul>
  );
}

/** /privacy (decision 37): what we keep, who sees it, your copy, and what closing the account does, in plain words. */
export function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <>
      <SupportPageIntro icon={Lock} eyebrow="Privacy" title="Your details, looked after">
        <p>
          {productName} only keeps what it needs to help neighbours trade. Here’s what that is, who sees it, and how you can take it
          with you or have it erased.
        </p>
      </SupportPageIntro>

      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 sm:px-6 lg:px-8">
        <PrivacySection id="what-we-keep" icon={Database} title="What we keep">
          <Points
            points={[
              'Your account details: your name, email, phone number (if you add one), postcode and suburb, your plan, and the devices you’re signed in on. Your password is stored scrambled, so not even we can read it.',
              'Your listings and their photos.',
              'Your conversations with other members.',
              'The ratings you give and get.',
              'Your favourites and saved searches.',
              'The reports you make, and the messages you send our team.',
              'Your payments: which plan, how much and when. Your card details stay with our payment provider and never reach us.',
            ]}
          />
        </PrivacySection>

        <PrivacySection id="who-sees-what" icon={Eye} title="Who sees what">
          <p>
            Other members see your first name and the first letter of your last name, your photo if you add one, your suburb, your plan,
            when you joined, your listings, your ratings and which checks you’ve passed.
          </p>
          <p>They never see your email address, your phone number or your street address. What you share in a message is up to you.</p>
        </PrivacySection>

        <PrivacySection id="your-copy" icon={Download} title="Your copy of your data">
          <p>
            Ask for a copy of everything your account holds from{' '}
            <Link href="/account#your-data" className={linkClass}>
              Account › Your data
            </Link>
            , {copyInterval}. We put it together, usually within a few minutes, and email you when it’s ready.
          </p>
          <p>
            It’s a ZIP file with a readable data.json and the photos of your listings. The download link works for {dataExportValidityDays}{' '}
            days, and only while you’re signed in to your account.
          </p>
        </PrivacySection>

        <PrivacySection id="correcting" icon={Pencil} title="Correcting your details">
          <p>
            Change your neighbourhood, phone number, email and password any time on{' '}
            <Link href="/account" className={linkClass}>
              your account page
            </Link>
            . If anything else we hold about you is wrong, such as your name, let us know through{' '}
            <Link href="/contact" className={linkClass}>
              Contact Us
            </Link>
            .
          </p>
        </PrivacySection>

        <PrivacySection id="closing" icon={UserX} title="Closing your account">
          <p>
            You can close your account at the bottom of{' '}
            <Link href="/account" className={linkClass}>
              your account page
            </Link>
            . When you do:
          </p>
          <Points points={closeAccountMessages.whatHappens} />
          <p>Your listings are gone at once: anyone who follows a link to one is told it has been removed.</p>
          <p>
            We keep what’s left of your details for {closedAccountKeepDays} days, in case a report or a payment dispute is under way, then erase
            them, always within {closedAccountErasedWithinDays} days. Payment records are kept for tax, without your name. Messages you wrote stay
            in the other member’s conversation, from “{formerMemberName}”, and ratings you gave stay without your name.
          </p>
          <p>You’re welcome back any time: the same email can join again, as a new member.</p>
        </PrivacySection>

        <PrivacySection id="mail" icon={Mail} title="Mail we send">
          <p>
            We only email you about your account: verification and password reset codes, changes to your email or password, your plan and
            payments, and your copy of your data when it’s ready.
          </p>
          <p>
            Emails about new messages and new listings for your saved searches, and texts to your phone, are yours to switch off on{' '}
            <Link href="/account" className={linkClass}>
              your account page
            </Link>
            .
          </p>
        </PrivacySection>

        <PrivacySection id="questions" icon={CircleQuestionMark} title="Questions">
          <p>
            Anything we haven’t answered here? Send us a message on the{' '}
            <Link href="/contact" className={linkClass}>
              Contact Us
            </Link>{' '}
            page and we’ll reply by email.
          </p>
        </PrivacySection>
      </div>

      <MoreHelp />
    </>
  );
}
