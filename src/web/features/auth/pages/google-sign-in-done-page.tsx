import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGoogleSignInHandOff } from '@/features/auth/api';

/** /auth/google/done: where Google's sign-in lands; it picks up the session and goes home. */
export function GoogleSignInDonePage() {
  useDocumentTitle('Signing in');
  useGoogleSignInHandOff();
  return (
    <PageContainer className="max-w-2xl text-center">
      <p className="mt-8 text-lg font-semibold text-ink-700">Signing you in with Google…</p>
      <LoadingState className="min-h-[20vh]" />
    </PageContainer>
  );
}
