import { MapPinOff } from 'lucide-react';
import { Link } from 'wouter';
import { NoticePage } from '@/components/notice-page';
import { buttonVariants } from '@/components/ui/button';

/** /subscribe/{anything but starter, explorer or connector} is the app's not-found screen (spec 2). */
export function UnknownPlan() {
  return (
    <NoticePage icon={MapPinOff} title="404 Page Not Found" description="We couldn't find that page in the neighbourhood.">
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonVariants()}>
          Take me home
        </Link>
        <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary' })}>
          See membership plans
        </Link>
      </div>
    </NoticePage>
  );
}
