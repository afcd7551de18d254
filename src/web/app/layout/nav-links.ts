// The header's links (spec 2): shown only to signed-in members.
export type NavLink = { href: string; label: string };

export const memberNavLinks: NavLink[] = [
  { href: '/dashboard', label: 'My Dashboard' },
  { href: '/listings', label: 'Browse' },
  { href: '/create-listing', label: 'Sell Something' },
];
