import { ChartColumn } from 'lucide-react';
import { Suspense, useState } from 'react';
import { type ListingView, insightMessages } from '../../../../domain';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { lazyPage } from '@/lib/lazy-page';
import { InsightsSkeleton } from './insights-skeleton';

// The chart's code (d3-scale and the SVG) is not part of the dashboard: it comes when a seller first
// opens a listing's insights, or points at the button (decision 49).
const ListingInsights = lazyPage(() => import('./listing-insights'), 'ListingInsights');

const fetchAhead = () => {
  // A failed download shows in the dialog when it is opened.
  ListingInsights.preload().catch(() => undefined);
};

/** "Insights" on a card of the seller's dashboard: the listing's last 30 days in a dialog. */
export function ListingInsightsButton({ listing, className }: { listing: Pick<ListingView, 'id' | 'title'>; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} aria-label={insightMessages.openFor(listing.title)} onPointerEnter={fetchAhead} onFocus={fetchAhead} onClick={() => setOpen(true)}>
        <ChartColumn aria-hidden="true" />
        {insightMessages.open}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={insightMessages.title} description={listing.title} size="wide">
        <Suspense fallback={<InsightsSkeleton />}>
          <ListingInsights listingId={listing.id} />
        </Suspense>
      </ModalDialog>
    </>
  );
}
