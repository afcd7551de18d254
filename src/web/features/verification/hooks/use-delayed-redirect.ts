import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Goes to `path` after `delayMs` while `active`; leaving the page first cancels it. */
export function useDelayedRedirect({ path, delayMs, active }: { path: string; delayMs: number; active: boolean }): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!active) return;
    const timeout = setTimeout(() => navigate(path), delayMs);
    return () => clearTimeout(timeout);
  }, [active, delayMs, navigate, path]);
}
