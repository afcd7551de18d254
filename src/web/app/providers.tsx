import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useToasts } from '@/lib/use-toast';

// The toasts' area (Radix Toast and its layers, ~8 kB gzipped) is downloaded with the first toast,
// not with every first page: most visits to a listing never show one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

function ToastsOnceAny() {
  const toasts = useToasts();
  const [shown, setShown] = useState(false);
  if (!shown && toasts.length > 0) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastsOnceAny />
    </QueryClientProvider>
  );
}
