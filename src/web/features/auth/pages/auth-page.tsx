import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { type ApiResponse, readGoogleSignInProblem } from '../../../../domain';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInvitation } from '@/features/auth/api';
import { AuthPromo } from '@/features/auth/components/auth-promo';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { GoogleSignInProblem } from '@/features/auth/components/google-sign-in-problem';
import { InvalidInvitationNotice, InvitationNotice } from '@/features/auth/components/invitation-notice';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ResetCodeForm } from '@/features/auth/components/reset-code-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SwitchMode } from '@/features/auth/components/switch-mode';

type AuthMode = 'sign-in' | 'register' | 'reset-request' | 'reset-code' | 'reset-confirm';

const resetSteps: Partial<Record<AuthMode, number>> = { 'reset-request': 1, 'reset-code': 2, 'reset-confirm': 3 };

const headings: Record<AuthMode, { title: string; heading: string; lead: string }> = {
  'sign-in': { title: 'Sign in', heading: "G'day again, neighbour", lead: 'Sign in to buy and sell with verified locals.' },
  register: { title: 'Join', heading: 'Join the community', lead: 'Create your free account in under a minute.' },
  'reset-request': { title: 'Reset password', heading: 'Reset your password', lead: 'No worries, it happens to everyone.' },
  'reset-code': { title: 'Reset password', heading: 'Check your email', lead: 'Enter the code we just sent you.' },
  'reset-confirm': { title: 'Reset password', heading: 'Choose a new password', lead: 'Almost done.' },
};

/** An invitation link (/auth?invite=TOKEN) opens the page on Register with the invited email. */
function useInvitationFromLink() {
  const token = new URLSearchParams(useSearch()).get('invite');
  const query = useInvitation(token);
  if (!token) return { isLoading: false, invitation: null, problem: null };
  return {
    isLoading: query.isPending,
    invitation: query.data ? { ...query.data, token } : null,
    problem: query.isError ? query.error.message : null,
  };
}

/** /auth: sign in, register and the three-step password reset on one page (spec 2). */
export function AuthPage() {
  const { isLoading, invitation, problem } = useInvitationFromLink();
  if (isLoading) {
    return (
      <PageContainer>
        <LoadingState />
      </PageContainer>
    );
  }
  // Keyed by the invitation, so a different link starts the page afresh.
  return <AuthFlow key={invitation?.token ?? 'no-invitation'} invitation={invitation} invitationProblem={problem} />;
}

type AuthFlowProps = { invitation: (ApiResponse<'getInvitation'> & { token: string }) | null; invitationProblem: string | null };

function AuthFlow({ invitation, invitationProblem }: AuthFlowProps) {
  const [mode, setMode] = useState<AuthMode>(invitation ? 'register' : 'sign-in');
  const [resetEmail, setResetEmail] = useState('');
  const [resetCode, setResetCode] = useState('');
  const { title, heading, lead } = headings[mode];
  const resetStep = resetSteps[mode];
  // A Google sign-in that was refused comes back here saying why (decision 11).
  const googleProblem = readGoogleSignInProblem(useSearch());
  useDocumentTitle(title);

  // A mode switch removes the button that had focus; move focus to the new heading (the code and
  // new-password steps focus their own field instead).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (mode !== 'reset-code' && mode !== 'reset-confirm') headingRef.current?.focus();
  }, [mode]);

  const backToSignIn = () => {
    setResetEmail('');
    setResetCode('');
    setMode('sign-in');
  };

  return (
    <PageContainer className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
      <Card className="p-6 sm:p-8">
        {resetStep && (
          <p className="mb-2 text-xs font-bold tracking-wide text-brand-700 uppercase">Step {resetStep} of 3</p>
        )}
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {heading}
        </h1>
        <p className="mt-2 mb-6 text-ink-500">{lead}</p>
        {invitation && mode === 'register' && <InvitationNotice membershipTier={invitation.membershipTier} />}
        {invitationProblem && mode === 'sign-in' && <InvalidInvitationNotice message={invitationProblem} />}
        {googleProblem && (mode === 'sign-in' || mode === 'register') && <GoogleSignInProblem message={googleProblem} />}

        {mode === 'sign-in' && (
          <>
            <SignInForm onForgotPassword={() => setMode('reset-request')} />
            <GoogleSignInButton inviteToken={invitation?.token} />
            <SwitchMode question="New around here?" action="Create New Account" onSwitch={() => setMode('register')} />
          </>
        )}
        {mode === 'register' && (
          <>
            <RegisterForm invitation={invitation} />
            <GoogleSignInButton inviteToken={invitation?.token} />
            <SwitchMode question="Already a member?" action="Sign In to Your Account" onSwitch={() => setMode('sign-in')} />
          </>
        )}
        {mode === 'reset-request' && (
          <ResetRequestForm
            defaultEmail={resetEmail}
            onCodeSent={(email) => {
              setResetEmail(email);
              setMode('reset-code');
            }}
          />
        )}
        {mode === 'reset-code' && (
          <ResetCodeForm
            email={resetEmail}
            onVerified={(code) => {
              setResetCode(code);
              setMode('reset-confirm');
            }}
          />
        )}
        {mode === 'reset-confirm' && <ResetPasswordForm email={resetEmail} code={resetCode} />}

        {resetStep && (
          <Button variant="ghost" className="mt-4 w-full" onClick={backToSignIn}>
            <ArrowLeft aria-hidden="true" />
            Back to Sign In
          </Button>
        )}
      </Card>
      <AuthPromo />
    </PageContainer>
  );
}
