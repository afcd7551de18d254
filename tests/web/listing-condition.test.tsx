// A listing's condition (decision 44) where buyers meet it: a small label on its card when stated
// (none for a listing that does not say), schema.org's itemCondition for search engines, and browse's
// Condition filter, which lives in the address like the other filters, goes into a saved search and
// narrows the map's counts.
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { ListingView, MapCountEntry } from '../../src/domain';
import { listingPageHead } from '../../src/web/features/listings/listing-page-head';
import { postcodeAreas, stateAreas } from '../../src/web/features/listings/components/map/map-areas';
import { useListingCounts } from '../../src/web/features/listings/components/map/map-queries';
import { BrowseListingsPage } from '../../src/web/features/listings/pages/browse-listings-page';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { ListingCard } from '../../src/web/shared/listing/listing-card';
import { type SentRequest, aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const member = aMember({ id: 'buyer-1' });

describe("a listing card's condition", () => {
  function renderCard(listing: ListingView) {
    fakeServer(({ path }) => (path === '/api/auth/me' ? member : []));
    return renderPage(<ListingCard listing={listing} />, { signedIn: true, data: [[currentUserQueryKey, member]] });
  }

  it('shows a stated condition as a small label, named as the condition to screen readers', () => {
    renderCard(aListing({ title: 'Road bike', condition: 'like-new', sellerId: 'seller-2' }));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Like new')).toBeVisible();
    expect(within(card).getByText('Like new').closest('p')).toHaveTextContent('Condition: Like new');
  });

  it('shows nothing for a listing that does not state one, to keep the cards clean', () => {
    renderCard(aListing({ title: 'Road bike', condition: null, sellerId: 'seller-2' }));
    expect(screen.getByRole('article').textContent).not.toContain('Condition');
  });
});

describe("a listing page's data for search engines", () => {
  const origin = 'https://neighbourly.example';
  const offerOf = (listing: ListingView) => {
    const [product] = listingPageHead(listing).structuredData?.(origin) ?? [];
    return JSON.parse(JSON.stringify(product)).offers as Record<string, unknown>;
  };
  const openGraphCondition = (listing: ListingView) => listingPageHead(listing).share?.properties?.find(([property]) => property === 'product:condition')?.[1];

  it("gives the Offer schema.org's itemCondition for a stated condition", () => {
    expect(offerOf(aListing({ condition: 'new' })).itemCondition).toBe('https://schema.org/NewCondition');
    expect(offerOf(aListing({ condition: 'good' })).itemCondition).toBe('https://schema.org/UsedCondition');
    expect(offerOf(aListing({ condition: 'for-parts' })).itemCondition).toBe('https://schema.org/DamagedCondition');
    expect(openGraphCondition(aListing({ condition: 'new' }))).toBe('new');
    expect(openGraphCondition(aListing({ condition: 'fair' }))).toBe('used');
  });

  it('says nothing of the condition for a listing that does not state one', () => {
    expect(offerOf(aListing({ condition: null }))).not.toHaveProperty('itemCondition');
    expect(openGraphCondition(aListing({ condition: null }))).toBeUndefined();
  });
});

describe("browse's Condition filter", () => {
  const isBrowse = (request: SentRequest) => request.method === 'GET' && request.path === '/api/listings';

  /** The browse page at `path`, its address kept in memory; the server answers browse with no listings. */
  function renderBrowse(path: string) {
    const server = fakeServer((request) => (request.path === '/api/auth/me' ? member : isBrowse(request) ? [] : {}));
    const location = memoryLocation({ path, record: true });
    const rendered = renderPage(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BrowseListingsPage user={member} />
      </Router>,
      { signedIn: true, data: [[currentUserQueryKey, member]] },
    );
    const filterButton = () => screen.getByRole('button', { name: /^Condition / });
    const box = (label: string) => screen.getByRole('checkbox', { name: label, hidden: true });
    const browseQueries = () => server.sent.filter(isBrowse).map((request) => new URLSearchParams(request.query));
    return { ...rendered, server, location, filterButton, box, browseQueries };
  }

  it('starts at any condition, closed, and asks browse for no condition', async () => {
    const { filterButton, box, browseQueries } = renderBrowse('/listings');
    expect(filterButton()).toHaveAccessibleName('Condition Any condition');
    expect(filterButton()).toHaveAttribute('aria-expanded', 'false');
    expect(box('Like new')).not.toBeVisible();
    await waitFor(() => expect(browseQueries()).toHaveLength(1));
    expect(browseQueries()[0]?.has('condition')).toBe(false);
  });

  it('writes the chosen conditions to the address, in the list’s order, and asks browse for them', async () => {
    const { user, filterButton, box, location, browseQueries } = renderBrowse('/listings?category=home');
    await user.click(filterButton());
    expect(filterButton()).toHaveAttribute('aria-expanded', 'true');
    await user.click(box('Good'));
    await user.click(box('Like new'));
    const address = new URL(location.history?.at(-1) ?? '', 'http://localhost');
    expect(address.pathname).toBe('/listings');
    expect(address.searchParams.get('condition')).toBe('like-new,good');
    expect(address.searchParams.get('category')).toBe('home');
    expect(filterButton()).toHaveAccessibleName('Condition Like new, Good');
    await waitFor(() => expect(browseQueries().at(-1)?.get('condition')).toBe('like-new,good'));

    // Unticking both takes the filter out of the address.
    await user.click(box('Good'));
    await user.click(box('Like new'));
    expect(new URL(location.history?.at(-1) ?? '', 'http://localhost').searchParams.has('condition')).toBe(false);
    expect(filterButton()).toHaveAccessibleName('Condition Any condition');
  });

  it('reads the conditions back from the address, as after a reload or from a shared link', async () => {
    const { user, filterButton, box, browseQueries } = renderBrowse('/listings?condition=fair%2Cnew');
    expect(filterButton()).toHaveAccessibleName('Condition New, Fair');
    await user.click(filterButton());
    expect(box('New')).toBeChecked();
    expect(box('Fair')).toBeChecked();
    expect(box('Good')).not.toBeChecked();
    await waitFor(() => expect(browseQueries()[0]?.get('condition')).toBe('new,fair'));
  });

  it('works by keyboard: Enter opens it, Space ticks, Escape closes it back onto its button, and Tab past it closes it', async () => {
    const { user, filterButton, box, location } = renderBrowse('/listings');
    filterButton().focus();
    await user.keyboard('{Enter}');
    expect(box('New')).toBeVisible();
    await user.tab();
    expect(box('New')).toHaveFocus();
    await user.tab();
    await user.keyboard(' ');
    expect(new URL(location.history?.at(-1) ?? '', 'http://localhost').searchParams.get('condition')).toBe('like-new');
    await user.keyboard('{Escape}');
    expect(filterButton()).toHaveFocus();
    expect(filterButton()).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    for (let press = 0; press < 6; press += 1) await user.tab();
    expect(box('For parts')).not.toBeVisible();
    expect(filterButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click elsewhere on the page', async () => {
    const { user, filterButton, box } = renderBrowse('/listings');
    await user.click(filterButton());
    expect(box('Good')).toBeVisible();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(box('Good')).not.toBeVisible();
  });

  it('goes into a saved search, named in words', async () => {
    const { user, server } = renderBrowse('/listings?condition=like-new%2Cgood');
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByText('Like new or Good')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(server.sent.find((request) => request.method === 'POST' && request.path === '/api/saved-searches')).toBeDefined());
    const saved = server.sent.find((request) => request.method === 'POST' && request.path === '/api/saved-searches');
    expect(saved?.body).toMatchObject({ name: 'Like new or Good', query: { condition: 'like-new,good' } });
  });
});

describe("the map beside browse's Condition filter", () => {
  const fitzroyNorth: MapCountEntry = { postcode: '3068', state: 'VIC', suburb: 'Fitzroy North', count: 3, latitude: -37.78, longitude: 144.98, allowed: true };

  function Counts({ condition }: { condition: string }) {
    const counts = useListingCounts(member, null, true, condition);
    return <p>{counts.data ? `${counts.data.length} areas` : 'Loading'}</p>;
  }

  it('asks for the counts of the chosen conditions only, and of all without a filter', async () => {
    const server = fakeServer(() => [fitzroyNorth]);
    const filtered = renderPage(<Counts condition="like-new,good" />, { signedIn: true });
    expect(await screen.findByText('1 areas')).toBeInTheDocument();
    filtered.unmount();
    renderPage(<Counts condition="" />, { signedIn: true });
    expect(await screen.findByText('1 areas')).toBeInTheDocument();
    const asked = server.sent.filter((request) => request.path === '/api/map/listing-counts').map((request) => new URLSearchParams(request.query).get('condition'));
    expect(asked).toEqual(['like-new,good', null]);
  });

  it("shows none of the last filter's numbers while another filter's counts load", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), window.location.href).searchParams.get('condition') === 'fair'
          ? new Promise<Response>(() => {})
          : new Response(JSON.stringify([fitzroyNorth]), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const page = renderPage(<Counts condition="good" />, { signedIn: true });
    expect(await screen.findByText('1 areas')).toBeInTheDocument();
    page.rerender(
      <QueryClientProvider client={page.queryClient}>
        <Counts condition="fair" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Loading')).toBeInTheDocument();
  });

  it('leads from a marker to browse with the same conditions, so its number is what the page lists', () => {
    expect(postcodeAreas([fitzroyNorth], 'like-new,good')[0]?.href).toBe('/listings?postcode=3068&condition=like-new%2Cgood');
    expect(stateAreas([fitzroyNorth], 'good')[0]?.href).toBe('/listings?state=VIC&condition=good');
    expect(postcodeAreas([fitzroyNorth])[0]?.href).toBe('/listings?postcode=3068');
  });
});
