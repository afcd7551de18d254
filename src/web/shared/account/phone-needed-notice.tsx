// Decision 35: listing and a first message need a verified phone. A member with a verified email
// and no verified phone (those who listed before phones were asked for among them: their listings
// stay up) is asked on each visit, until they verify it or close the notice for this visit.
import { Smartphone, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type CurrentUser, phoneNeededNotice, verifyCheckActions, verifyPagePaths } from '../../../domain';
import { buttonVariants } from '@/components/ui/button';

const closedKey = 'phoneNoticeClosed';

function closedThisVisit(): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(closedKey) === 'true';
  } catch {
    return false;
  }
}

export function PhoneNeededNotice({ user }: { user: CurrentUser }) {
  const [closed, setClosed] = useState(closedThisVisit);
  const [location] = useLocation();
  const onVerifyPage = location === verifyPagePaths.email || location === verifyPagePaths.phone;
  if (closed || onVerifyPage || !user.isEmailVerified || user.isPhoneVerified) return null;

  const close = () => {
    try {
      window.sessionStorage.setItem(closedKey, 'true');
    } catch {
      // Storage refused: the notice stays closed until the page reloads.
    }
    setClosed(true);
  };

  return (
    <section aria-labelledby="phone-needed-heading" className="border-b border-sun-300 bg-sun-100">
      <div className="mx-auto flex w-full max-w-6xl items-start gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Smartphone className="mt-1 size-5 shrink-0 text-ink-900" aria-hidden="true" />
        <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <h2 id="phone-needed-heading" className="font-bold text-ink-900">
              {phoneNeededNotice.title}
            </h2>
            <p className="text-sm text-ink-700">{phoneNeededNotice.text}</p>
          </div>
          <Link href={verifyPagePaths.phone} className={buttonVariants({ className: 'mt-2 shrink-0 sm:mt-0' })}>
            {verifyCheckActions.phone}
          </Link>
        </div>
        <button
          type="button"
          onClick={close}
          className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-sun-300/40"
          aria-label="Close this notice for now"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
