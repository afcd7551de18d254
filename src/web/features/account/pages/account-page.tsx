import { Ban, BadgeCheck, Bell, CircleCheckBig, CreditCard, FileArchive, KeyRound, LifeBuoy, LogIn, MapPin, MonitorSmartphone, Sparkles, UserRound, UserX } from 'lucide-react';
import { Suspense, lazy, useEffect } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, firstReplyPromise, rulesForTier, supportMessages } from '../../../../domain';
import { closeAccountMessages } from '../../../../domain/your-data';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { VerificationStatusWidget } from '@/shared/account/verification-status';
import { useCurrentUser } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountCardForm } from '@/features/account/components/account-card-form';
import { AccountEmailField } from '@/features/account/components/account-email-field';
import { AccountLocationForm } from '@/features/account/components/account-location-form';
import { AccountMembership } from '@/features/account/components/account-membership';
import { AccountPhoneField } from '@/features/account/components/account-phone-field';
import { AccountSection } from '@/features/account/components/account-section';
import { BlockedMembers } from '@/features/account/components/blocked-members';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { CloseAccount } from '@/features/account/components/close-account';
import { NotificationSettings } from '@/features/account/components/notification-settings';
import { SavedSearchMailSettings } from '@/features/account/components/saved-search-mail-settings';
import { SignedInDevices } from '@/features/account/components/signed-in-devices';
import { SupportRequests } from '@/features/account/components/support-requests';
import { SmsSettings } from '@/features/account/components/sms-settings';
import { YourData } from '@/features/account/components/your-data';

const cardSectionId = 'add-card';

// Stripe's card form and Stripe.js load only where Stripe takes the card checks.
const StripeCardCheck = lazy(() => import('@/features/account/components/stripe-card-check').then((module) => ({ default: module.StripeCardCheck })));

/** The card form of whoever checks cards: Stripe's Payment Element, or the built-in test provider's fields. */
function CardForm() {
  const { data: config, isPending } = usePublicConfig();
  if (isPending) return <LoadingState className="min-h-24" />;
  if (config?.paymentProvider === 'stripe' && config.stripePublishableKey) {
    return (
      <Suspense fallback={<LoadingState className="min-h-24" />}>
        <StripeCardCheck publishableKey={config.stripePublishableKey} />
      </Suspense>
    );
  }
  return <AccountCardForm />;
}

/** How long a section linked to stays in view while the sections above it load. */
const holdSectionMs = 3000;
/** What the member does to scroll (or to move on) themselves: the section is let go. */
const memberScrolls = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * A link from elsewhere to /account#add-card (or a mail's /account#your-data) lands on that section,
 * and keeps it in view while the sections above load their data and grow, until the member scrolls.
 */
function useScrollToHash(): void {
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (!target) return;
    const scroll = () => target.scrollIntoView({ block: 'start' });
    // After the shell's scroll-to-top for the new page, which runs after this effect.
    const frame = requestAnimationFrame(scroll);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(scroll);
    observer?.observe(document.body);
    const letGo = () => {
      observer?.disconnect();
      for (const type of memberScrolls) window.removeEventListener(type, letGo);
    };
    for (const type of memberScrolls) window.addEventListener(type, letGo, { passive: true });
    const timer = setTimeout(letGo, holdSectionMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      letGo();
    };
  }, []);
}

function CardSection({ user }: { user: CurrentUser }) {
  if (user.isCardVerified) {
    return (
      <AccountSection id={cardSectionId} icon={CreditCard} title="Card verification">
        <p className="flex gap-2 text-sm font-semibold text-leaf-700">
          <CircleCheckBig className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Your card is verified. It won't be charged unless you upgrade.
        </p>
      </AccountSection>
    );
  }
  return (
    <AccountSection
      id={cardSectionId}
      icon={CreditCard}
      title="Add a card"
      description="The last verification step: a card on file shows you're a real person."
    >
      <CardForm />
    </AccountSection>
  );
}

function AccountDetails({ user }: { user: CurrentUser }) {
  useScrollToHash();
  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Your account</h1>
      <p className="mt-2 text-ink-700">Your details, your neighbourhood, your verification and your plan.</p>

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <section aria-labelledby="account-verification-heading" className="space-y-3">
            <div className="flex items-center gap-2">
              <BadgeCheck className="size-5 text-leaf-700" aria-hidden="true" />
              <h2 id="account-verification-heading" className="text-xl font-bold">
                Account Verification
              </h2>
            </div>
            <VerificationStatusWidget layout="full" cardHref={`#${cardSectionId}`} />
          </section>
          <AccountSection icon={Sparkles} title="Membership" description="Your current plan.">
            <AccountMembership user={user} />
          </AccountSection>
          <AccountSection icon={Bell} title="Notifications" description="The emails and texts we send you: new messages, a weekly summary of your listings, and new listings for your saved searches.">
            <div className="space-y-5">
              <NotificationSettings user={user} />
              <SmsSettings user={user} />
            </div>
            <SavedSearchMailSettings />
          </AccountSection>
          <AccountSection id="blocked-members" icon={Ban} title="Blocked members" description="They can't message you, and you can't message them.">
            <BlockedMembers />
          </AccountSection>
        </div>

        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          <AccountSection icon={UserRound} title="Account Information">
            <div className="space-y-6">
              <AccountEmailField user={user} />
              <AccountPhoneField user={user} />
              <div className="border-t border-sand-200 pt-6">
                <h3 className="mb-4 flex items-center gap-2 font-bold">
                  <MapPin className="size-4 text-brand-700" aria-hidden="true" />
                  Your neighbourhood
                </h3>
                <AccountLocationForm user={user} />
              </div>
            </div>
          </AccountSection>
          <CardSection user={user} />
          <AccountSection id="password" icon={KeyRound} title="Password" description={user.hasPassword ? 'Changing it signs out every other device.' : undefined}>
            <ChangePasswordForm user={user} />
          </AccountSection>
          <AccountSection id="devices" icon={MonitorSmartphone} title="Where you're signed in" description="Sign out a device you don't recognise, or one you no longer use.">
            <SignedInDevices />
          </AccountSection>
          <AccountSection
            id="support"
            icon={LifeBuoy}
            title={supportMessages.accountTitle}
            description={`${rulesForTier(user.membershipTier).support} with your plan. ${firstReplyPromise(rulesForTier(user.membershipTier).supportLevel)}`}
          >
            <SupportRequests />
          </AccountSection>
          <AccountSection id="your-data" icon={FileArchive} title="Your data" description="A copy of everything your account holds, to keep or take elsewhere.">
            <YourData />
          </AccountSection>
          <AccountSection id="close-account" icon={UserX} title={closeAccountMessages.title} description="Your listings come down and your details are erased. This can't be undone.">
            <CloseAccount user={user} />
          </AccountSection>
        </div>
      </div>
    </PageContainer>
  );
}

/** /account (spec 2): Account Information, Account Verification, card, and the current plan. */
export function AccountPage() {
  useDocumentTitle('Account');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingState />;
  if (!user) {
    return (
      <NoticePage icon={LogIn} title="Account" description="Please log in to view your account.">
        <Link href="/auth" className={buttonVariants()}>
          Sign in
        </Link>
      </NoticePage>
    );
  }
  return <AccountDetails user={user} />;
}
