import { Link } from 'wouter';
import { listingRuleMessages } from '../../../domain';
import { signInPath } from '@/lib/return-path';
import { toast } from '@/lib/use-toast';

/** spec 8 "Contact: signed out prompts login"; signing in comes back to `returnTo` (the listing). */
export function showSignInPrompt(returnTo: string): void {
  toast({
    title: 'Please Log In',
    description: (
      <>
        {listingRuleMessages.contactSignedOut}{' '}
        <Link href={signInPath(returnTo)} className="font-semibold underline underline-offset-2">
          Sign in
        </Link>
      </>
    ),
  });
}
