// Rating an exchange under its conversation (decision 21): only where the listing was sold through
// it, "Rate Sam" opens 1 to 5 stars (a radio group) and an optional comment, the stars are asked
// for before anything is sent, and once given the panel says "You rated 4 ★".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingView } from '../../src/domain/moderation-schemas';
import { ratingLimits, ratingMessages } from '../../src/domain/ratings';
import { Toaster } from '../../src/web/components/ui/toaster';
import { ExchangeRating } from '../../src/web/features/messages/components/exchange-rating';
import { ratingQueryKeys } from '../../src/web/shared/ratings/rating-queries';
import { aConversation, fakeServer, renderPage } from './support/fixtures';

const listingId = 'listing-1';

const conversation = aConversation({
  id: 'conversation-1',
  listing: { id: listingId, title: 'Blue bike', imageUrl: null, price: '60' },
  listingStatus: 'soldToYou',
  isSeller: true,
  otherMember: { ...aConversation().otherMember, id: 'buyer-1', firstName: 'Sam', isPhoneVerified: false },
});

const openExchange = { canRate: true, given: null, closesAt: '2026-04-04T09:00:00.000Z', otherMember: { id: 'buyer-1', firstName: 'Sam' } };

function aRating(overrides: Partial<RatingView> = {}): RatingView {
  return {
    id: 'rating-1',
    listingId,
    listingTitle: 'Blue bike',
    stars: 4,
    comment: null,
    raterRole: 'seller',
    rater: { id: 'seller-1', firstName: 'Mia', lastName: 'T' },
    rateeId: 'buyer-1',
    reply: null,
    repliedAt: null,
    createdAt: '2026-03-06T09:00:00.000Z',
    ...overrides,
  };
}

function renderRating({ summary = conversation, exchange = openExchange as unknown, withToasts = true } = {}) {
  return renderPage(
    <>
      <ExchangeRating conversation={summary} />
      {withToasts && <Toaster />}
    </>,
    { signedIn: true, data: [[ratingQueryKeys.exchange(listingId), exchange]] },
  );
}

describe('rating an exchange', () => {
  it('opens the panel with five stars as a radio group and an optional comment', async () => {
    fakeServer();
    const { user } = renderRating();
    const toggle = screen.getByRole('button', { name: ratingMessages.rateTitle('Sam') });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const panel = screen.getByRole('region', { name: ratingMessages.rateTitle('Sam') });
    const stars = within(panel).getByRole('group', { name: ratingMessages.starsLabel });
    expect(within(stars).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(within(panel).getByRole('textbox', { name: ratingMessages.commentLabel })).toHaveAttribute('maxLength', String(ratingLimits.commentMax));
    expect(within(panel).getByRole('button', { name: ratingMessages.submit })).toBeInTheDocument();
  });

  it('asks for the stars before sending anything', async () => {
    const server = fakeServer();
    const { user } = renderRating();
    await user.click(screen.getByRole('button', { name: ratingMessages.rateTitle('Sam') }));
    await user.click(screen.getByRole('button', { name: ratingMessages.submit }));
    expect(await screen.findByText(ratingMessages.starsInvalid)).toBeInTheDocument();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('posts the stars and comment, thanks the member and shows "You rated 4 ★"', async () => {
    let given: RatingView | null = null;
    const server = fakeServer(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/ratings') {
        given = aRating({ stars: (body as { stars: number }).stars, comment: (body as { comment?: string }).comment ?? null });
        return given;
      }
      if (path === `/api/listings/${listingId}/rating`) return { ...openExchange, canRate: false, given };
      return {};
    });
    const { user } = renderRating();
    await user.click(screen.getByRole('button', { name: ratingMessages.rateTitle('Sam') }));
    const panel = screen.getByRole('region', { name: ratingMessages.rateTitle('Sam') });
    await user.click(within(panel).getByRole('radio', { name: '4 stars' }));
    expect(within(panel).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(panel).getByRole('textbox', { name: ratingMessages.commentLabel }), 'Picked it up on time, easy to deal with.');
    await user.click(within(panel).getByRole('button', { name: ratingMessages.submit }));

    expect(await screen.findByText(ratingMessages.youRated(4))).toBeInTheDocument();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/ratings', body: { listingId, stars: 4, comment: 'Picked it up on time, easy to deal with.' } },
    ]);
    expect(screen.getByText(ratingMessages.posted)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ratingMessages.rateTitle('Sam') })).toBeNull();
  });

  it('shows the server’s reason when it refuses, and stays open', async () => {
    const refused = new Response(JSON.stringify({ message: ratingMessages.windowClosed, code: 'RATING_NOT_ALLOWED' }), { status: 403 });
    const server = fakeServer();
    const fetchStub = globalThis.fetch as unknown as { mockResolvedValueOnce: (response: Response) => void };
    const { user } = renderRating();
    await user.click(screen.getByRole('button', { name: ratingMessages.rateTitle('Sam') }));
    fetchStub.mockResolvedValueOnce(refused);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: ratingMessages.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ratingMessages.windowClosed);
    expect(screen.getByRole('button', { name: ratingMessages.submit })).toBeEnabled();
    expect(server.sent).toEqual([]);
  });

  it('says what the member gave once rated, with no panel', () => {
    fakeServer();
    renderRating({ exchange: { ...openExchange, canRate: false, given: aRating({ stars: 5 }) } });
    expect(screen.getByText(ratingMessages.youRated(5))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ratingMessages.rateTitle('Sam') })).toBeNull();
  });

  it('shows nothing, and asks nothing, where the listing was not sold through this conversation', () => {
    const server = fakeServer();
    const { container } = renderRating({ summary: { ...conversation, listingStatus: 'sold' }, withToasts: false });
    expect(container).toBeEmptyDOMElement();
    expect(server.sent).toEqual([]);
  });

  it('shows nothing once the days to rate have passed', () => {
    fakeServer();
    const { container } = renderRating({ exchange: { ...openExchange, canRate: false }, withToasts: false });
    expect(container).toBeEmptyDOMElement();
  });
});
