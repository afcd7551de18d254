import { RefreshCw, WifiOff } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { NoticePage } from '@/components/notice-page';
import { Button } from '@/components/ui/button';

type Props = { children: ReactNode; /** Changes when the member moves to another page, which clears the error. */ resetKey: string };
type State = { failedAt: string | null };

/**
 * A page that failed to show (its code could not be downloaded after a dropped connection or a new
 * release, or it broke) says so inside the header and footer, with a way to load the page again,
 * instead of leaving the screen blank. Moving to another page tries again.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  componentDidCatch(): void {
    this.setState({ failedAt: this.props.resetKey });
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.failedAt !== null && previous.resetKey !== this.props.resetKey) this.setState({ failedAt: null });
  }

  render(): ReactNode {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <NoticePage icon={WifiOff} title="This page didn't load" description="Check your connection, then load the page again. Nothing you saved has been lost.">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Load the page again
        </Button>
      </NoticePage>
    );
  }
}
