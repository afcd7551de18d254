import { ComingSoon } from '../../../components/coming-soon';

export function AccountPage() {
  return <ComingSoon title="Account Information" description="Your contact details, location and verification status will be managed here soon." />;
}
