import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { savedSearchMail } from '../../../../domain';
import { NoticePage } from '@/components/notice-page';
import { buttonVariants } from '@/components/ui/button';

/** Where a saved search mail's unsubscribe link lands (signed out too). */
export function UnsubscribedPage() {
  const [params] = useSearchParams();
  const name = params.get('search');
  if (params.has('invalid') || !name) {
    return (
      <NoticePage icon={MailX} title="That link didn’t work" description={savedSearchMail.unsubscribeInvalid}>
        <Link href="/saved" className={buttonVariants()}>
          Open Saved
        </Link>
      </NoticePage>
    );
  }
  return (
    <NoticePage icon={MailX} title="You’re unsubscribed" description={savedSearchMail.unsubscribed(name)}>
      <Link href="/saved" className={buttonVariants({ variant: 'secondary' })}>
        Open Saved
      </Link>
    </NoticePage>
  );
}
