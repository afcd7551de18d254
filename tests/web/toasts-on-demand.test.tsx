// The toasts' area is downloaded with the first toast (app/providers.tsx): a page without one has no
// notifications region, and the first toast shows at once as plain text while it downloads.
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/web/app/providers';
import { toast } from '../../src/web/lib/use-toast';

describe('the toasts on a page', () => {
  it('arrive with the first toast, and stay for the next ones', async () => {
    act(() => toast({}).dismiss());
    render(
      <AppProviders client={new QueryClient()}>
        <p>A listing page</p>
      </AppProviders>,
    );
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();

    act(() => void toast({ title: 'Listing Saved', description: 'Your neighbours can see it now.' }));
    // At once, while the toasts' code downloads: the same words in the same place.
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveTextContent('Listing SavedYour neighbours can see it now.');
    expect(screen.getByRole('status')).toHaveTextContent('Listing Saved');
    const area = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(area).findByText('Listing Saved')).toBeVisible();

    act(() => void toast({ title: 'Message Sent!' }));
    expect(await within(screen.getByRole('region', { name: 'Notifications (F8)' })).findByText('Message Sent!')).toBeVisible();
  });
});
