import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { cn } from '@/lib/cn';

type NavItemProps = { href: string; className: string; activeClassName?: string; children: ReactNode };

/** A link that marks itself as the current page for sighted and screen-reader users alike. */
export function NavItem({ href, className, activeClassName, children }: NavItemProps) {
  const [isActive] = useRoute(href);
  return (
    <Link href={href} aria-current={isActive ? 'page' : undefined} className={cn(className, isActive && activeClassName)}>
      {children}
    </Link>
  );
}
