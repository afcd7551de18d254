import { Heart, LogOut, Menu, Shield, UserRound, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../domain';
import { buttonVariants, Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { MessagesMenuLabel } from './messages-link';
import { memberNavLinks } from './nav-links';
import { NavItem } from './nav-item';

const menuId = 'mobile-menu';
const menuLinkClass =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-4 text-left text-base font-semibold text-ink-900 hover:bg-sand-100';
const activeMenuLinkClass = 'bg-brand-50 text-brand-700';

type MobileMenuProps = { user: CurrentUser | null; onLogout: () => void; isLoggingOut: boolean };

/** The small-screen menu: the header's links behind a button; closes on navigation and Escape. */
export function MobileMenu({ user, onLogout, isLoggingOut }: MobileMenuProps) {
  const [location] = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <div className="lg:hidden">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenedAt(open ? null : location)}
        className="[&_svg]:size-6"
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        // A link to the page already shown does not navigate, so close on any link click too.
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpenedAt(null);
        }}
        className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-sand-200 bg-white px-4 pt-3 pb-5 shadow-lg"
      >
        {user ? (
          <>
            <div className="mb-2 flex items-center gap-3 px-4 py-2">
              <UserAvatar user={user} />
              <span className="truncate text-sm text-ink-500">{user.email}</span>
            </div>
            <ul className="space-y-1">
              {memberNavLinks.map((link) => (
                <li key={link.href}>
                  <NavItem href={link.href} className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                    {link.label}
                  </NavItem>
                </li>
              ))}
              <li>
                <NavItem href="/messages" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                  <MessagesMenuLabel />
                </NavItem>
              </li>
              <li>
                <NavItem href="/saved" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                  <Heart className="size-5" aria-hidden="true" />
                  Saved
                </NavItem>
              </li>
              <li>
                <NavItem href="/account" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                  <UserRound className="size-5" aria-hidden="true" />
                  Account
                </NavItem>
              </li>
              {user.isAdmin && (
                <li>
                  <NavItem href="/admin" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                    <Shield className="size-5" aria-hidden="true" />
                    Admin
                  </NavItem>
                </li>
              )}
              <li>
                <button type="button" onClick={onLogout} disabled={isLoggingOut} className={menuLinkClass}>
                  <LogOut className="size-5" aria-hidden="true" />
                  Log out
                </button>
              </li>
            </ul>
          </>
        ) : (
          <ul className="space-y-1">
            <li>
              <NavItem href="/membership-plans" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                Membership Plans
              </NavItem>
            </li>
            <li>
              <NavItem href="/how-it-works" className={menuLinkClass} activeClassName={activeMenuLinkClass}>
                How It Works
              </NavItem>
            </li>
            <li className="pt-2">
              <Link href="/auth" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
                Join the Community!
              </Link>
            </li>
          </ul>
        )}
      </nav>
    </div>
  );
}
