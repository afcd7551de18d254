// Toast state (spec 9): one toast at a time, removed long after dismissal. The shadcn/ui use-toast pattern.
import { type ReactNode, useSyncExternalStore } from 'react';
import { timings } from '../../domain/timings';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = timings.toastRemoveDelayMs;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; the provider's default is 5000. */
  duration?: number;
};

export type ToastItem = ToastInput & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type ToastState = { toasts: ToastItem[] };

type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; toastId?: string }
  | { type: 'remove'; toastId?: string };

let counter = 0;
function createToastId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'remove', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

function reduceToasts(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss': {
      const { toastId } = action;
      for (const t of state.toasts) if (toastId === undefined || t.id === toastId) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case 'remove':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
let memoryState: ToastState = { toasts: [] };

function dispatch(action: ToastAction): void {
  memoryState = reduceToasts(memoryState, action);
  for (const listener of listeners) listener();
}

function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const readToasts = () => memoryState.toasts;

/** As on a page just opened: no toast, none waiting to be removed (the web tests start each test so). */
export function removeAllToasts(): void {
  for (const timeout of removeTimeouts.values()) clearTimeout(timeout);
  removeTimeouts.clear();
  dispatch({ type: 'remove' });
}

/** Shows a toast; usable outside React (API helpers, timers). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = createToastId();
  const dismiss = () => dispatch({ type: 'dismiss', toastId: id });
  dispatch({
    type: 'add',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToToasts, readToasts, readToasts);
}
