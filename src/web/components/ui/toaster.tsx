import { useToasts } from '../../lib/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

const defaultToastDurationMs = 5000;

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={defaultToastDurationMs} swipeDirection="right" swipeThreshold={50} label="Notification">
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
