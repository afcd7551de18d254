// The toasts' look, shared by the Radix toasts (toast.tsx) and the plain ones shown while those
// download (app/providers.tsx), so a toast looks the same from its first moment.
import type { ToastVariant } from '@/lib/use-toast';

export const toastViewportClasses =
  'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]';

export const toastClasses = 'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg';

export const toastVariantClasses: Record<ToastVariant, string> = {
  default: 'border-sand-200 bg-white text-ink-900',
  destructive: 'border-brand-700 bg-brand-700 text-white',
};

export const toastTitleClasses = 'text-sm font-bold';
export const toastDescriptionClasses = 'text-sm opacity-90';
