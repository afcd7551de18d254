import { LogOut, Shield, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../domain';
import { Logo } from '@/components/logo';
import { buttonVariants, Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useLogout } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { MessagesLink } from './messages-link';
import { SavedLink } from './saved-link';
import { MobileMenu } from './mobile-menu';
import { NavItem } from './nav-item';
import { memberNavLinks } from './nav-links';

const navLinkClass =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-ink-700 transition-colors hover:bg-sand-100';
const activeNavLinkClass = 'bg-brand-50 text-brand-700 hover:bg-brand-50';

export function SiteHeader({ user }: { user: CurrentUser | null }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-sand-50/90 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="inline-flex min-h-11 items-center rounded-xl" aria-label="Neighbourly home">
          <Logo />
        </Link>

        {user ? (
          <>
            <nav aria-label="Main" className="hidden lg:block">
              <ul className="flex items-center gap-1">
                {memberNavLinks.map((link) => (
                  <li key={link.href}>
                    <NavItem href={link.href} className={navLinkClass} activeClassName={activeNavLinkClass}>
                      {link.label}
                    </NavItem>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="hidden items-center gap-2 lg:flex">
              <SavedLink />
              <MessagesLink />
              <NavItem href="/account" className={buttonVariants({ variant: 'secondary' })} activeClassName="border-brand-300">
                <UserRound aria-hidden="true" />
                Account
              </NavItem>
              {user.isAdmin && (
                <NavItem href="/admin" className={buttonVariants({ variant: 'secondary' })} activeClassName="border-brand-300">
                  <Shield aria-hidden="true" />
                  Admin
                </NavItem>
              )}
              <UserAvatar user={user} />
              <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
                <LogOut aria-hidden="true" />
                Log out
              </Button>
            </div>
          </>
        ) : (
          <Link href="/auth" className={cn(buttonVariants(), 'hidden sm:inline-flex')}>
            Join the Community!
          </Link>
        )}

        <div className="flex items-center gap-1 lg:hidden">
          {/* Messages stay one tap away on a phone, with their count. */}
          {user && <MessagesLink />}
          <MobileMenu user={user} onLogout={() => logout.mutate()} isLoggingOut={logout.isPending} />
        </div>
      </div>
    </header>
  );
}
