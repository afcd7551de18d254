import { useState } from 'react';
import { accountMessages } from '../../../../domain';
import { useVerificationStatus } from '@/shared/account/account-queries';
import { PageContainer } from '@/components/page-container';
import { VerificationStatusWidget } from '@/shared/account/verification-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { verificationRedirectDelayMs } from '@/features/verification/api';
import { EmailCodeForm } from '@/features/verification/components/email-code-form';
import { VerificationPageSkeleton } from '@/features/verification/components/verification-page-skeleton';
import { VerifiedConfirmation } from '@/features/verification/components/verified-confirmation';
import { useDelayedRedirect } from '@/features/verification/hooks/use-delayed-redirect';

/** /verify-email (spec 2 and 4): request a code, enter 6 digits, verified, back to /account after 2 s. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const status = useVerificationStatus();
  const [justVerified, setJustVerified] = useState(false);
  useDelayedRedirect({ path: '/account', delayMs: verificationRedirectDelayMs, active: justVerified });

  if (justVerified) {
    return (
      <PageContainer>
        <VerifiedConfirmation title="Email Verified!" description="Thanks! Taking you back to your account…" />
      </PageContainer>
    );
  }
  if (status.isPending) {
    return (
      <PageContainer className="max-w-4xl">
        <VerificationPageSkeleton />
      </PageContainer>
    );
  }
  if (status.data?.isEmailVerified) {
    return (
      <PageContainer>
        <VerifiedConfirmation title="Email Verified!" description={accountMessages.emailAlreadyVerified} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Verify your email</h1>
      <p className="mt-2 text-ink-700">
        A verified email is your first step to becoming a verified neighbour. You need it, and then a verified phone, to list items and message sellers.
      </p>
      <VerificationStatusWidget layout="compact" className="mt-5" />
      <div className="mt-8">
        {status.data ? (
          <EmailCodeForm email={status.data.email} onVerified={() => setJustVerified(true)} />
        ) : (
          <p role="alert" className="text-brand-700">
            We couldn't load your verification status. Please refresh the page.
          </p>
        )}
      </div>
    </PageContainer>
  );
}
