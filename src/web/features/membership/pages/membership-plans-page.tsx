import { ComingSoon } from '../../../components/coming-soon';

export function MembershipPlansPage() {
  return <ComingSoon title="Membership Plans" description="Compare Starter, Explorer and Connector side by side here soon." />;
}
