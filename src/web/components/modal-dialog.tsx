import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** `wide` for a chart or a table, which want more room than a form on a desktop. */
  size?: 'default' | 'wide';
};

/**
 * A small modal on the native <dialog>: the browser traps focus, closes it on Escape and puts
 * focus back where it was.
 */
export function ModalDialog({ open, onClose, title, description, children, size = 'default' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first control (Close); a field marked data-autofocus is more useful.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-[var(--radius-card)] border border-sand-200 bg-white p-0 text-ink-900 shadow-xl backdrop:bg-ink-900/50',
        size === 'wide' ? 'max-w-2xl' : 'max-w-md',
      )}
    >
      {open && (
        <div className={cn('relative', size === 'wide' ? 'p-4 sm:p-6' : 'p-6')}>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-ink-500 hover:bg-sand-100 hover:text-ink-900"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <h2 id={titleId} className="pr-10 text-xl font-extrabold tracking-tight break-words">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-ink-700">
              {description}
            </div>
          )}
          <div className="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/** A dialog's buttons: Cancel, then its action (side by side from small screens up; the action on top on a phone). */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
