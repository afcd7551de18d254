import { Link } from 'wouter';
import { productName, productTagline } from '../../../domain';
import { Logo } from '@/components/logo';
import { supportPages } from '@/features/support/support-pages';

const footerLinkClass = 'inline-flex min-h-11 items-center text-sm text-ink-700 hover:text-brand-700 hover:underline';

export function SiteFooter({ isSignedIn }: { isSignedIn: boolean }) {
  // spec 2: browse and sell send signed-out visitors to /auth.
  const memberHref = (href: string) => (isSignedIn ? href : '/auth');
  return (
    <footer className="mt-16 border-t border-sand-200 bg-white">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Logo />
          <p className="text-sm text-ink-500 first-letter:uppercase">{productTagline}.</p>
        </div>
        <nav aria-label="Marketplace">
          <h2 className="text-sm font-bold">Marketplace</h2>
          <ul className="mt-2">
            <li>
              <Link href={memberHref('/listings')} className={footerLinkClass}>
                Browse Listings
              </Link>
            </li>
            <li>
              <Link href={memberHref('/create-listing')} className={footerLinkClass}>
                Sell Something
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Membership">
          <h2 className="text-sm font-bold">Membership</h2>
          <ul className="mt-2">
            <li>
              <Link href="/membership-plans" className={footerLinkClass}>
                Membership Plans
              </Link>
            </li>
            <li>
              <Link href="/how-it-works" className={footerLinkClass}>
                How It Works
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="text-sm font-bold">Support</h2>
          <ul className="mt-2">
            {supportPages.map((page) => (
              <li key={page.path}>
                <Link href={page.path} className={footerLinkClass}>
                  {page.label}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/privacy" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-sand-200 px-4 py-5 text-center text-xs text-ink-500">
        © {new Date().getFullYear()} {productName}. Made for Australian neighbourhoods.
      </p>
    </footer>
  );
}
