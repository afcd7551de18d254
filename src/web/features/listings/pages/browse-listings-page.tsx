import { ComingSoon } from '../../../components/coming-soon';

export function BrowseListingsPage() {
  return <ComingSoon title="What's Available Near You" description="Search, filter and map the listings of your neighbourhood here soon." />;
}
