// The header's links (spec 2): shown only to signed-in members.
export type NavLink = { href: string; label: string };

export const memberNavLinks: NavLink[] = [
  { href: '/dashboard', label: 'My Dashboard' },
  { href: '/listings', label: 'Browse' },
  { href: '/create-listing', label: 'Sell Something' },
];

/** The header's round icon links (Saved, Messages). */
export const headerIconLinkClass =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-100 hover:text-ink-900';
export const activeHeaderIconLinkClass = 'bg-brand-50 text-brand-700 hover:bg-brand-50';
