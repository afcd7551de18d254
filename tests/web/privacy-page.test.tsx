// /privacy (decision 37): a public page, listed for search engines, linked from every page's footer,
// that says in plain words what we keep, who sees it, how to get a copy and what closing does, with
// the numbers the server keeps to.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeAccountMessages, closedAccountErasedWithinDays, closedAccountKeepDays, dataExportValidityDays, formerMemberName } from '../../src/domain/your-data';
import { SiteFooter } from '../../src/web/app/layout/site-footer';
import { findRoute, routeHeadDefaults } from '../../src/web/app/routes';
import { PrivacyPage } from '../../src/web/features/support/pages/privacy-page';
import { PageHeadDefaultsContext } from '../../src/web/lib/use-page-head';
import { renderPage } from './support/fixtures';

describe('the privacy page', () => {
  it('is linked from the footer, for visitors and members', () => {
    const { unmount } = renderPage(<SiteFooter isSignedIn={false} />);
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    unmount();
    renderPage(<SiteFooter isSignedIn />);
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('is open to visitors and search engines, under its own title', () => {
    const match = findRoute('/privacy');
    expect(match?.entry.access).toBe('visitor');
    const defaults = routeHeadDefaults(match!.entry, null);
    expect(defaults).toMatchObject({ noindex: false, canonicalPath: '/privacy' });
    renderPage(
      <PageHeadDefaultsContext.Provider value={defaults}>
        <PrivacyPage />
      </PageHeadDefaultsContext.Provider>,
    );
    expect(document.title).toBe('Privacy | Neighbourly');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', match!.entry.meta?.description);
  });

  it('says what we keep, who sees it, the copy, corrections, closing, mail and where to ask', () => {
    renderPage(<PrivacyPage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(expect.arrayContaining(['What we keep', 'Who sees what', 'Your copy of your data', 'Correcting your details', 'Closing your account', 'Mail we send', 'Questions']));

    const section = (name: string) => screen.getByRole('region', { name });
    expect(section('What we keep')).toHaveTextContent('Your card details stay with our payment provider and never reach us.');
    expect(section('Who sees what')).toHaveTextContent('They never see your email address, your phone number');
    expect(section('Your copy of your data')).toHaveTextContent(`once a day`);
    expect(section('Your copy of your data')).toHaveTextContent(`works for ${dataExportValidityDays} days, and only while you’re signed in`);
    expect(within(section('Your copy of your data')).getByRole('link', { name: 'Account › Your data' })).toHaveAttribute('href', '/account#your-data');

    const closing = section('Closing your account');
    for (const point of closeAccountMessages.whatHappens) expect(within(closing).getByText(point)).toBeInTheDocument();
    expect(closing).toHaveTextContent(`for ${closedAccountKeepDays} days, in case a report or a payment dispute is under way`);
    expect(closing).toHaveTextContent(`within ${closedAccountErasedWithinDays} days`);
    expect(closing).toHaveTextContent(`from “${formerMemberName}”`);

    expect(within(section('Questions')).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
