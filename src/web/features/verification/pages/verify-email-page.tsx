import { ComingSoon } from '../../../components/coming-soon';

export function VerifyEmailPage() {
  return <ComingSoon title="Verify your email" description="Soon you will confirm your email with a 6-digit code here." />;
}
