import { MessageCircle } from 'lucide-react';
import { useUnreadCount } from '@/shared/messages/conversation-queries';
import { cn } from '@/lib/cn';
import { NavItem } from './nav-item';
import { activeHeaderIconLinkClass, headerIconLinkClass } from './nav-links';

/** "3", or "99+" past that. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The header's way to /messages, with the number of unread messages (kept current by the event stream). */
export function MessagesLink({ className }: { className?: string }) {
  const count = useUnreadCount().data?.count ?? 0;
  const label = count > 0 ? `Messages, ${count} unread` : 'Messages';
  return (
    <NavItem
      href="/messages"
      className={cn(headerIconLinkClass, className)}
      activeClassName={activeHeaderIconLinkClass}
    >
      <MessageCircle className="size-6" aria-hidden="true" />
      <span className="sr-only">{label}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-sand-50"
        >
          {badgeText(count)}
        </span>
      )}
    </NavItem>
  );
}

/** The mobile menu's line for /messages, with the same count. */
export function MessagesMenuLabel() {
  const count = useUnreadCount().data?.count ?? 0;
  return (
    <>
      <MessageCircle className="size-5" aria-hidden="true" />
      Messages
      {count > 0 && (
        <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-bold text-white">
          {badgeText(count)}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </>
  );
}
