import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A list that could not load: what failed, the server's reason and a way to try again. */
export function QueryProblem({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-800">
      <p>
        We couldn't load {what}: {error.message}
      </p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
