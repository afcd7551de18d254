import { ComingSoon } from '../../../components/coming-soon';

export function HowItWorksPage() {
  return <ComingSoon title="How It Works" description="Answers to common questions about buying and selling with neighbours are coming soon." />;
}
