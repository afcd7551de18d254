import { useToasts } from '@/lib/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { timings } from '../../../domain/timings';

const defaultToastDurationMs = timings.toastDefaultMs;

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={defaultToastDurationMs} swipeDirection="right" swipeThreshold={timings.toastSwipeThresholdPx} label="Notification">
      {toasts.map(({ id, title, description, variant, duration, open, onOpenChange }) => (
        <Toast key={id} variant={variant} duration={duration} open={open} onOpenChange={onOpenChange}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
