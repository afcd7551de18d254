import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { toastClasses, toastDescriptionClasses, toastTitleClasses, toastVariantClasses, toastViewportClasses } from '@/components/ui/toast-styles';
import { cn } from '@/lib/cn';
import { useToasts, type ToastItem } from '@/lib/use-toast';

// The toasts' area (Radix Toast and its layers, ~7 kB gzipped) is downloaded with the first toast,
// not with every first page: most visits to a listing never show one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * The first toast while the toasts' area downloads, as plain text in the same place and look: a
 * toast shown just before the page goes elsewhere ("Unauthorized", then the sign-in page) is read
 * and announced even on a slow connection.
 */
function ToastsWhileLoading({ toasts }: { toasts: ToastItem[] }) {
  const open = toasts.filter((item) => item.open);
  if (open.length === 0) return null;
  return (
    <section aria-label="Notifications (F8)">
      <ol className={toastViewportClasses}>
        {open.map(({ id, title, description, variant = 'default' }) => (
          <li key={id} role="status" className={cn(toastClasses, toastVariantClasses[variant])}>
            <div className="grid gap-1">
              {title && <p className={toastTitleClasses}>{title}</p>}
              {description && <p className={toastDescriptionClasses}>{description}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ToastsOnceAny() {
  const toasts = useToasts();
  const [shown, setShown] = useState(false);
  if (!shown && toasts.some((item) => item.open)) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={<ToastsWhileLoading toasts={toasts} />}>
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
