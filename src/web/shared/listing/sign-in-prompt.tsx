import { Link } from 'wouter';
import { listingRuleMessages } from '../../../domain';
import { toast } from '@/lib/use-toast';

/** spec 8 "Contact: signed out prompts login". */
export function showSignInPrompt(): void {
  toast({
    title: 'Please Log In',
    description: (
      <>
        {listingRuleMessages.contactSignedOut}{' '}
        <Link href="/auth" className="font-semibold underline underline-offset-2">
          Sign in
        </Link>
      </>
    ),
  });
}
