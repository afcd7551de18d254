// The listing form (spec 5) checks what it can before sending, with the shared schema's messages
// under each field, and shows the server's field errors in the same places.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listingMessages } from '../../src/domain';
import { ApiError } from '../../src/web/lib/api-client';
import { ListingForm } from '../../src/web/features/listings/components/listing-form';
import { renderPage } from './support/fixtures';

function renderListingForm() {
  const onSubmit = vi.fn();
  const rendered = renderPage(<ListingForm tier="explorer" submitLabel="List It Now" pendingLabel="Listing…" isPending={false} onSubmit={onSubmit} />);
  return { ...rendered, onSubmit, submit: () => rendered.user.click(screen.getByRole('button', { name: 'List It Now' })) };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillIn(user: UserEvent, listing: { title: string; price: string; description: string; category: string }): Promise<void> {
  await user.type(field('Title'), listing.title);
  await user.type(field('Price (AUD)'), listing.price);
  await user.type(field('Description'), listing.description);
  await user.selectOptions(field('Category'), listing.category);
}

describe('the listing form', () => {
  it('sent empty, names every missing field under it and sends nothing', async () => {
    const { submit, onSubmit } = renderListingForm();
    await submit();
    for (const message of [listingMessages.titleTooShort, listingMessages.priceRequired, listingMessages.descriptionTooShort, listingMessages.categoryRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a two-letter title and a price with three decimals, with the rules in words', async () => {
    const { user, submit, onSubmit } = renderListingForm();
    await user.type(field('Title'), 'TV');
    await user.type(field('Price (AUD)'), '12.345');
    await submit();
    expect(await screen.findByText(listingMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(listingMessages.priceInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks a field as soon as the member leaves it', async () => {
    const { user } = renderListingForm();
    await user.type(field('Description'), 'Too short');
    await user.tab();
    expect(await screen.findByText(listingMessages.descriptionTooShort)).toBeInTheDocument();
    await user.type(field('Description'), ', but now long enough');
    await expect.poll(() => screen.queryByText(listingMessages.descriptionTooShort)).toBeNull();
  });

  it('sends a complete listing, trimmed, with its uploaded photos', async () => {
    const { user, submit, onSubmit } = renderListingForm();
    await fillIn(user, { title: '  Vintage record player ', price: '85.50', description: 'Works perfectly, plays 33 and 45 rpm.', category: 'electronics' });
    await submit();
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      title: 'Vintage record player',
      description: 'Works perfectly, plays 33 and 45 rpm.',
      category: 'electronics',
      imageUrls: [],
    });
    expect(onSubmit.mock.calls[0][0].price).toMatch(/^85\.50?$/);
  });

  it("shows the server's field errors under the fields they name", async () => {
    const { user, submit, onSubmit } = renderListingForm();
    await fillIn(user, { title: 'Counterfeit handbag', price: '40', description: 'A counterfeit bag, barely used.', category: 'clothing' });
    onSubmit.mockImplementation((_body, { onError }: { onError: (error: Error) => void }) =>
      onError(new ApiError(400, 'Please remove these words: counterfeit', { fieldErrors: [{ path: 'title', message: 'Please remove "counterfeit" from the title' }] })),
    );
    await submit();
    expect(await screen.findByText('Please remove "counterfeit" from the title')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
  });
});
