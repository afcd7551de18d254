import { ComingSoon } from '../../../components/coming-soon';

export function VerifyPhonePage() {
  return <ComingSoon title="Verify your phone" description="Soon you will confirm your mobile number with an SMS code here." />;
}
