// "Share" on a listing's page: the phone's share sheet where there is one; elsewhere the link is
// copied with a toast, or shown to copy by hand. Closing the share sheet says nothing.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareMessages } from '../../src/domain/listing-sharing';
import { Toaster } from '../../src/web/components/ui/toaster';
import { ShareListingButton } from '../../src/web/features/listings/components/share-listing-button';
import { aListing, renderPage } from './support/fixtures';

const chairs = aListing({ id: 'listing-chairs', title: 'Four bentwood chairs', price: '340', suburb: 'Leichhardt', state: 'NSW', postcode: '2040', location: 'Leichhardt NSW 2040' });
const chairsUrl = `${window.location.origin}/listing/listing-chairs`;

type NavigatorParts = { share?: (data: ShareData) => Promise<void>; canShare?: (data: ShareData) => boolean; writeText?: (text: string) => Promise<void> };

/**
 * The page's navigator with these parts of the Web Share and Clipboard APIs (left out: not there).
 * Set after user-event's setup, which puts a clipboard of its own on the navigator.
 */
function stubNavigator({ share, canShare, writeText }: NavigatorParts) {
  const parts = { share, canShare, clipboard: writeText ? { writeText } : undefined };
  for (const [name, value] of Object.entries(parts)) Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  for (const name of ['share', 'canShare', 'clipboard']) Reflect.deleteProperty(navigator, name);
});

function renderButton(parts: NavigatorParts, listing = chairs) {
  const rendered = renderPage(
    <>
      <ShareListingButton listing={listing} />
      <Toaster />
    </>,
  );
  stubNavigator(parts);
  return rendered;
}

describe('Share on a listing page', () => {
  it('opens the share sheet with the title, price, place and the listing’s address', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    const { user } = renderButton({ share, canShare: () => true, writeText });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Four bentwood chairs', text: '$340 in Leichhardt NSW on Neighbourly', url: chairsUrl });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing when the share sheet is closed without sharing', async () => {
    const writeText = vi.fn(async () => {});
    const { user } = renderButton({ share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')), writeText });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(shareMessages.linkCopied)).toBeNull();
    expect(screen.queryByText(shareMessages.copyByHand)).toBeNull();
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(async () => {});
    const { user } = renderButton({ writeText });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(chairsUrl);
    expect(await screen.findByText(shareMessages.linkCopied)).toBeInTheDocument();
    expect(screen.getByText(shareMessages.linkCopiedBody)).toBeInTheDocument();
  });

  it('copies the link when the browser cannot share this', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    const { user } = renderButton({ share, canShare: () => false, writeText });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith(chairsUrl);
    expect(await screen.findByText(shareMessages.linkCopied)).toBeInTheDocument();
  });

  it('shows the link to copy by hand when copying is refused too', async () => {
    const { user } = renderButton({ writeText: () => Promise.reject(new DOMException('Write permission denied', 'NotAllowedError')) });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(shareMessages.copyByHand)).toBeInTheDocument();
    expect(screen.getByText(chairsUrl)).toBeInTheDocument();
  });

  it('shares a sold listing as sold', async () => {
    const share = vi.fn(async () => {});
    const { user } = renderButton({ share }, { ...chairs, isActive: false });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ text: 'Sold in Leichhardt NSW on Neighbourly' }));
  });
});
