import { useSearchParams } from 'wouter';
import { savedSearchMail } from '../../../../domain';
import { InvalidUnsubscribeNotice, UnsubscribedNotice } from '../components/unsubscribe-notices';

/** Where an unsubscribe link with a bad signature lands (signed out too), and a done unsubscribe's address. */
export function UnsubscribedPage() {
  const [params] = useSearchParams();
  const name = params.get('search');
  if (params.has('invalid') || !name) return <InvalidUnsubscribeNotice />;
  return <UnsubscribedNotice message={savedSearchMail.unsubscribed(name)} />;
}
