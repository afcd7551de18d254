import { productName } from '../../../../domain';
import { MembershipCallToAction } from '@/shared/membership/membership-call-to-action';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FaqList } from '@/features/how-it-works/components/faq-list';
import { HowItWorksSteps } from '@/features/how-it-works/components/how-it-works-steps';

/** /how-it-works (spec 2): the steps of trading with neighbours, the FAQ and a call to action. */
export function HowItWorksPage() {
  useDocumentTitle('How It Works');
  const { user } = useCurrentUser();
  return (
    <>
      <section aria-labelledby="how-heading" className="mx-auto w-full max-w-3xl px-4 pt-12 pb-10 text-center sm:px-6 lg:pt-16">
        <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-700 uppercase">How it works</p>
        <h1 id="how-heading" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
          From <span className="text-brand-600">hello</span> to pickup
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-700">
          {productName} connects verified neighbours who buy and sell second-hand things for local pickup. Here is how it
          works, start to finish.
        </p>
      </section>

      <HowItWorksSteps />

      <div className="mt-16">
        <FaqList />
      </div>

      <MembershipCallToAction
        isSignedIn={user !== null}
        className="mt-16"
        title={user ? 'Got something to pass on?' : 'Ready to meet your neighbours?'}
        description={
          user
            ? 'Head to your dashboard to list an item or see what is new around you.'
            : 'Join free, get verified and start trading with people just down the street.'
        }
      />
    </>
  );
}
