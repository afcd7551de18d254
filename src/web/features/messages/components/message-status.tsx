import { Check, CheckCheck, Clock3 } from 'lucide-react';
import type { ThreadMessage } from '@/shared/messages/thread-cache';
import { cn } from '@/lib/cn';

export type DeliveryStatus = 'sending' | 'sent' | 'read';

/** Where one of my messages is: still on its way, with the server, or opened by the other member. */
export function deliveryStatusOf(message: ThreadMessage): DeliveryStatus {
  if (message.localStatus === 'sending') return 'sending';
  return message.isRead ? 'read' : 'sent';
}

const looks = {
  sending: { label: 'Sending…', icon: Clock3, className: 'text-ink-500' },
  sent: { label: 'Sent', icon: Check, className: 'text-ink-500' },
  read: { label: 'Read', icon: CheckCheck, className: 'text-leaf-700' },
} as const;

/** "Sending…", "Sent" or "Read" under my message. */
export function MessageStatus({ status, className }: { status: DeliveryStatus; className?: string }) {
  const { label, icon: Icon, className: tone } = looks[status];
  return (
    <span className={cn('inline-flex items-center gap-1 font-semibold', tone, className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
