import { useState } from 'react';
import { Redirect } from 'wouter';
import { formatPhoneForDisplay } from '../../../../domain';
import { useVerificationStatus } from '@/shared/account/account-queries';
import { PageContainer } from '@/components/page-container';
import { VerificationStatusWidget } from '@/shared/account/verification-status';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { verificationRedirectDelayMs } from '@/features/verification/api';
import { PhoneVerificationCard } from '@/features/verification/components/phone-verification-card';
import { VerificationPageSkeleton } from '@/features/verification/components/verification-page-skeleton';
import { VerifiedConfirmation } from '@/features/verification/components/verified-confirmation';
import { WhyVerifyPhone } from '@/features/verification/components/why-verify-phone';
import { useDelayedRedirect } from '@/features/verification/hooks/use-delayed-redirect';

/** /verify-phone (spec 2 and 4): number, SMS code, verified, back to /account after 2 s. */
export function VerifyPhonePage() {
  useDocumentTitle('Verify your phone');
  const { user } = useCurrentUser();
  const status = useVerificationStatus();
  const [justVerified, setJustVerified] = useState(false);
  const alreadyVerified = status.data?.isPhoneVerified === true;
  useDelayedRedirect({ path: '/account', delayMs: verificationRedirectDelayMs, active: justVerified || alreadyVerified });

  if (justVerified) {
    return (
      <PageContainer>
        <VerifiedConfirmation title="Phone Verified!" description="Your phone number has been successfully verified. Taking you back to your account…" />
      </PageContainer>
    );
  }
  if (status.isPending) {
    return (
      <PageContainer className="max-w-5xl">
        <VerificationPageSkeleton />
      </PageContainer>
    );
  }
  if (alreadyVerified) {
    return (
      <PageContainer>
        <VerifiedConfirmation title="Phone Already Verified!" description="Taking you back to your account…" />
      </PageContainer>
    );
  }
  if (status.data && !status.data.isEmailVerified) return <Redirect to="/verify-email" replace />;

  return (
    <PageContainer className="max-w-5xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Verify your phone number</h1>
      <p className="mt-2 max-w-2xl text-ink-700">We'll text you a 6-digit code. It only takes a minute.</p>
      <VerificationStatusWidget layout="compact" className="mt-5" />
      {status.isError && (
        <p role="alert" className="mt-4 text-brand-700">
          We couldn't load your verification status. Please refresh the page.
        </p>
      )}
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PhoneVerificationCard
          initialPhone={user?.phone ? formatPhoneForDisplay(user.phone) : ''}
          onVerified={() => setJustVerified(true)}
        />
        <WhyVerifyPhone />
      </div>
    </PageContainer>
  );
}
