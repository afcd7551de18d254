import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../domain';
import { useFocusOnNavigation } from '@/lib/focus-on-navigation';
import { PhoneNeededNotice } from '@/shared/account/phone-needed-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The signed-in tab's one event stream (decision 15): open while the member is, closed on signing out. */
function MemberEvents({ viewerId }: { viewerId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let closeStream: (() => void) | undefined;
    let unmounted = false;
    void import('@/shared/messages/member-event-stream').then(({ openMemberEventStream }) => {
      if (!unmounted) closeStream = openMemberEventStream({ queryClient, viewerId });
    });
    return () => {
      unmounted = true;
      closeStream?.();
    };
  }, [queryClient, viewerId]);
  return null;
}

export function AppShell({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const [location] = useLocation();
  const firstLocation = useRef(location);
  useEffect(() => {
    // A new page starts at the top; the first page keeps where the visitor already scrolled to
    // while the app was starting (or the address's #part).
    if (location !== firstLocation.current) {
      firstLocation.current = '';
      window.scrollTo(0, 0);
    }
  }, [location]);
  useFocusOnNavigation(location);

  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only rounded-full bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {user && <MemberEvents viewerId={user.id} />}
      <SiteHeader user={user} />
      {user && <PhoneNeededNotice user={user} />}
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page's data arrives. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter isSignedIn={user !== null} />
    </div>
  );
}
