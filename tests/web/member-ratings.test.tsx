// A member's Ratings on their page (decision 21): each rating's stars, comment, rater and date,
// newest first, with the member's answer; the member answers each rating once; others may report one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, SellerProfile } from '../../src/domain';
import { moderationMessages } from '../../src/domain/moderation';
import type { RatingView } from '../../src/domain/moderation-schemas';
import { ratingLabels, ratingMessages } from '../../src/domain/ratings';
import { MemberRatings } from '../../src/web/features/listings/components/member-ratings';
import { ratingQueryKeys } from '../../src/web/shared/ratings/rating-queries';
import { aMember, fakeServer, renderPage } from './support/fixtures';

const mia = aMember({ id: 'seller-1', firstName: 'Mia' });
const profile: SellerProfile = {
  id: mia.id,
  firstName: 'Mia',
  lastName: 'Tran',
  profileImageUrl: null,
  membershipTier: 'explorer',
  ratingAverage: 4.5,
  ratingCount: 2,
  memberSince: '2025-01-01T00:00:00.000Z',
  isEmailVerified: true,
  isPhoneVerified: false,
  isCardVerified: false,
  suburb: 'Fitzroy North',
  state: 'VIC',
  activeListingCount: 1,
};

const fromSam: RatingView = {
  id: 'rating-2',
  listingId: 'listing-1',
  listingTitle: 'Blue bike',
  stars: 5,
  comment: 'Bike as described, friendly pickup.',
  raterRole: 'buyer',
  rater: { id: 'buyer-1', firstName: 'Sam', lastName: 'L' },
  rateeId: mia.id,
  reply: null,
  repliedAt: null,
  createdAt: '2026-03-06T09:00:00.000Z',
};
const fromJo: RatingView = { ...fromSam, id: 'rating-1', stars: 4, comment: null, rater: { id: 'buyer-2', firstName: 'Jo', lastName: 'K' }, reply: 'Thanks Jo!', createdAt: '2026-02-01T09:00:00.000Z' };

function renderRatings(viewer: CurrentUser | null) {
  const server = fakeServer(({ method, body }) => (method === 'POST' ? { ...fromSam, reply: (body as { reply: string }).reply } : [fromSam, fromJo]));
  const rendered = renderPage(<MemberRatings member={profile} viewer={viewer} />, { signedIn: viewer !== null, data: [[ratingQueryKeys.memberRatings(mia.id), [fromSam, fromJo]]] });
  const items = () => within(screen.getByRole('list', { name: ratingMessages.ratingsTitle })).getAllByRole('listitem');
  return { ...rendered, server, items };
}

describe("a member's ratings", () => {
  it('lists each rating with its stars, comment, rater, what was exchanged, and the answer', () => {
    const { items } = renderRatings(null);
    expect(screen.getByRole('heading', { name: `${ratingMessages.ratingsTitle} (2)` })).toBeInTheDocument();
    const [first, second] = items();
    expect(within(first).getByRole('img', { name: ratingLabels.starsOutOf(5) })).toBeInTheDocument();
    expect(first).toHaveTextContent('Sam L.');
    expect(first).toHaveTextContent(ratingLabels.boughtItem('Blue bike'));
    expect(first).toHaveTextContent('Bike as described, friendly pickup.');
    expect(within(second).getByRole('img', { name: ratingLabels.starsOutOf(4) })).toBeInTheDocument();
    expect(second).toHaveTextContent(ratingMessages.sellerAnswered('Mia'));
    expect(second).toHaveTextContent('Thanks Jo!');
    // Anyone but the rater may report a rating (a visitor is sent to sign in first).
    expect(within(first).getByRole('button', { name: moderationMessages.reportRatingTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Answer/ })).toBeNull();
  });

  it('lets the member answer an unanswered rating once, and shows the answer at once', async () => {
    const { user, server, items } = renderRatings(mia);
    expect(within(items()[1]).queryByRole('button', { name: /^Answer/ })).toBeNull();
    await user.click(within(items()[0]).getByRole('button', { name: /^Answer/ }));
    await user.type(within(items()[0]).getByRole('textbox', { name: ratingMessages.answerLabel }), 'Thanks Sam, enjoy the bike!');
    await user.click(within(items()[0]).getByRole('button', { name: ratingLabels.postAnswer }));

    await expect.poll(() => items()[0].textContent).toContain('Thanks Sam, enjoy the bike!');
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', path: '/api/ratings/rating-2/reply', body: { reply: 'Thanks Sam, enjoy the bike!' } }]);
    expect(within(items()[0]).queryByRole('button', { name: /^Answer/ })).toBeNull();
  });

  it('asks for words before sending an empty answer', async () => {
    const { user, server, items } = renderRatings(mia);
    await user.click(within(items()[0]).getByRole('button', { name: /^Answer/ }));
    await user.click(within(items()[0]).getByRole('button', { name: ratingLabels.postAnswer }));
    expect(await within(items()[0]).findByText(ratingMessages.replyRequired)).toBeInTheDocument();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('offers no Report on a rating the viewer wrote', () => {
    const { items } = renderRatings(aMember({ id: 'buyer-1', firstName: 'Sam' }));
    expect(within(items()[0]).queryByRole('button', { name: moderationMessages.reportRatingTitle })).toBeNull();
    expect(within(items()[1]).getByRole('button', { name: moderationMessages.reportRatingTitle })).toBeInTheDocument();
  });
});
