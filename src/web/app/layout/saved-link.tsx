import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';
import { NavItem } from './nav-item';
import { activeHeaderIconLinkClass, headerIconLinkClass } from './nav-links';

/** The header's way to /saved, the member's favourites. */
export function SavedLink({ className }: { className?: string }) {
  return (
    <NavItem
      href="/saved"
      className={cn(headerIconLinkClass, className)}
      activeClassName={activeHeaderIconLinkClass}
    >
      <Heart className="size-6" aria-hidden="true" />
      <span className="sr-only">Saved</span>
    </NavItem>
  );
}
