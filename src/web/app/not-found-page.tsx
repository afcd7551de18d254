import { MapPinOff } from 'lucide-react';
import { Link } from 'wouter';
import { NoticePage } from '@/components/notice-page';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <NoticePage icon={MapPinOff} status={404} title="404 Page Not Found" description="We couldn't find that page in the neighbourhood.">
      <Link href="/" className={buttonVariants()}>
        Take me home
      </Link>
    </NoticePage>
  );
}
