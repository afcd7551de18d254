import { HandCoins } from 'lucide-react';
import { offerMessages } from '../../../../domain/offers';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { useMakeOffer } from '@/features/messages/api';
import { useFormInPlace } from '@/features/messages/hooks/use-form-in-place';
import { OfferAmountForm } from './offer-amount-form';

type MakeOfferProps = { conversationId: string; viewerId: string; askingPrice: string };

/** The buyer's "Make an offer", above the composer: the button opens the amount form in its place. */
export function MakeOffer({ conversationId, viewerId, askingPrice }: MakeOfferProps) {
  const make = useMakeOffer(conversationId, viewerId);
  const form = useFormInPlace();

  if (!form.open) {
    return (
      <Button {...form.buttonProps} variant="secondary" onClick={form.show}>
        <HandCoins aria-hidden="true" />
        {offerMessages.makeOffer}
      </Button>
    );
  }
  return (
    <section aria-label={offerMessages.makeOffer} className="rounded-2xl border border-sand-200 bg-sand-50 p-3">
      <OfferAmountForm
        label={offerMessages.amountLabel}
        submitLabel={offerMessages.sendOffer}
        askingPrice={askingPrice}
        submit={(amount) => make.mutateAsync(amount)}
        onSent={() => {
          toast({ title: offerMessages.sent });
          form.close();
        }}
        onCancel={form.cancel}
      />
    </section>
  );
}
