import { MailX } from 'lucide-react';
import { Link } from 'wouter';
import { savedSearchMail } from '../../../../domain';
import { NoticePage } from '@/components/notice-page';
import { buttonVariants } from '@/components/ui/button';

/** A saved search's mail is off: `message` names the search. */
export function UnsubscribedNotice({ message }: { message: string }) {
  return (
    <NoticePage icon={MailX} title={savedSearchMail.unsubscribedTitle} description={message}>
      <Link href="/saved" className={buttonVariants({ variant: 'secondary' })}>
        Open Saved
      </Link>
    </NoticePage>
  );
}

/** An unsubscribe link that is not signed for its search (altered, or from another install). */
export function InvalidUnsubscribeNotice() {
  return (
    <NoticePage icon={MailX} title={savedSearchMail.unsubscribeInvalidTitle} description={savedSearchMail.unsubscribeInvalid}>
      <Link href="/saved" className={buttonVariants()}>
        Open Saved
      </Link>
    </NoticePage>
  );
}
