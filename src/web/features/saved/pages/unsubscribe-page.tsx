import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { savedSearchMail } from '../../../../domain';
import { NoticePage } from '@/components/notice-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError, callApi } from '@/lib/api-client';
import { InvalidUnsubscribeNotice, UnsubscribedNotice } from '../components/unsubscribe-notices';

/**
 * Where a saved search mail's unsubscribe link lands (signed out too). It asks first: mail scanners
 * open the links in a mail, and a link that unsubscribed when opened would unsubscribe members who
 * never clicked. The button makes the post a mail client's one-click unsubscribe (RFC 8058) makes.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const searchId = params.get('search') ?? '';
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => callApi('unsubscribeSavedSearchOneClick', { params: { id: searchId }, query: { token } }),
  });
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;
  if (!searchId || !token || refused) return <InvalidUnsubscribeNotice />;
  if (unsubscribe.isSuccess) return <UnsubscribedNotice message={unsubscribe.data.message} />;
  return (
    <NoticePage icon={MailX} title={savedSearchMail.confirmTitle} description={savedSearchMail.confirm(params.get('name'))}>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {savedSearchMail.confirmButton}
        </Button>
        <Link href="/saved" className={buttonVariants({ variant: 'secondary' })}>
          Open Saved
        </Link>
      </div>
      {unsubscribe.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {unsubscribe.error.message}
        </p>
      )}
    </NoticePage>
  );
}
