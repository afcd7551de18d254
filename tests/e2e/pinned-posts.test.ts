// Pinned posts in a real Chromium against the built app (spec 1 and 9: Connector's 1 pinned post):
// a Connector pins a listing from the dashboard, sees it lead browse, moves the pin after confirming
// which listing loses it, and unpins; members on other plans get no pin button. Members are set up
// through the API.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasHorizontalScroll, saveScreenshot, screenshotDir, toastTitled, viewports } from './support/browser';
import { useJourney } from './support/journey';

const { openPageAs, seeVisible, seeHidden, captureBothSizes, readMember, listItem, verifiedSeller } = useJourney({ name: 'pinned-posts' });

/** The dashboard's own listings (its "What's New" feed shows cards too). */
const yourListings = (page: Page) => page.getByRole('region', { name: 'Your Listings' });
const cardTitled = (scope: Locator, title: string) => scope.getByRole('article').filter({ has: scope.page().getByRole('link', { name: title, exact: true }) });
const pinnedMarks = (scope: Page | Locator) => scope.getByText('Pinned', { exact: true });

const blueBike = 'Blue bike';
const oldCouch = 'Old couch';

describe('pinned posts', () => {
  it('a Connector pins a listing from the dashboard, moves the pin after confirming, and unpins', async () => {
    const connector = await verifiedSeller({ firstName: 'Cora', tier: 'connector' });
    await listItem(connector, { title: oldCouch });
    await listItem(connector, { title: blueBike });
    const { id: connectorId } = await readMember<{ id: string }>(connector);
    const page = await openPageAs(connector);

    // Pin the couch: the card says so, and it leads browse.
    await page.goto('/dashboard');
    const mine = yourListings(page);
    await seeVisible(mine.getByRole('tab', { name: 'Active (2)' }));
    expect(await mine.getByText(/Pinned posts come with/).count()).toBe(0);
    await mine.getByRole('button', { name: `Pin to top: ${oldCouch}` }).click();
    await seeVisible(toastTitled(page, 'Listing pinned'));
    await seeVisible(page.getByText('Pinned to the top of browse for neighbours in your area.', { exact: true }));
    await seeVisible(pinnedMarks(cardTitled(mine, oldCouch)));
    await seeVisible(mine.getByRole('button', { name: `Unpin ${oldCouch}` }));
    expect(await pinnedMarks(mine).count()).toBe(1);

    await page.goto('/listings');
    const results = page.getByRole('list', { name: 'Listings' });
    await seeVisible(results.getByRole('article').first().getByRole('link', { name: oldCouch, exact: true }));
    await seeVisible(pinnedMarks(cardTitled(results, oldCouch)));
    expect(await pinnedMarks(results).count()).toBe(1);

    // Pin the bike instead: the page names the listing that loses its pin; Cancel changes nothing.
    await page.goto('/dashboard');
    // The dashboard's cards are drawn again once its lists arrive: a tap on the first drawing is lost.
    await page.waitForLoadState('networkidle');
    await seeVisible(pinnedMarks(cardTitled(mine, oldCouch)));
    await mine.getByRole('button', { name: `Pin to top: ${blueBike}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Move your pin?' });
    await seeVisible(dialog.getByText(`Pin “${blueBike}” instead? “${oldCouch}” will no longer be pinned.`));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await seeHidden(dialog);
    expect(await pinnedMarks(cardTitled(mine, oldCouch)).count()).toBe(1);

    await page.setViewportSize(viewports.phone);
    await mine.getByRole('button', { name: `Pin to top: ${blueBike}` }).click();
    dialog = page.getByRole('dialog', { name: 'Move your pin?' });
    await seeVisible(dialog);
    await page.screenshot({ path: path.join(screenshotDir, 'pinned-posts-move-dialog-360.png') });
    await page.setViewportSize(viewports.desktop);
    await dialog.getByRole('button', { name: 'Move pin' }).click();
    await seeHidden(dialog);
    await seeVisible(toastTitled(page, 'Listing pinned'));
    await seeVisible(pinnedMarks(cardTitled(mine, blueBike)));
    await seeVisible(mine.getByRole('button', { name: `Pin to top: ${oldCouch}` }));
    expect(await pinnedMarks(mine).count()).toBe(1);
    await captureBothSizes(page, 'dashboard-pinned');

    await page.goto('/listings');
    await seeVisible(results.getByRole('article').first().getByRole('link', { name: blueBike, exact: true }));
    await seeVisible(pinnedMarks(cardTitled(results, blueBike)));
    expect(await pinnedMarks(results).count()).toBe(1);

    // The seller's page marks it too.
    await page.goto(`/seller/${connectorId}`);
    const sellerPage = page.getByRole('main');
    await seeVisible(pinnedMarks(cardTitled(sellerPage, blueBike)));
    expect(await pinnedMarks(sellerPage).count()).toBe(1);

    // Unpin: nothing is pinned any more.
    await page.goto('/dashboard');
    await mine.getByRole('button', { name: `Unpin ${blueBike}` }).click();
    await seeVisible(toastTitled(page, 'Listing unpinned'));
    await seeVisible(mine.getByRole('button', { name: `Pin to top: ${blueBike}` }));
    expect(await pinnedMarks(mine).count()).toBe(0);
    await page.goto('/listings');
    await seeVisible(results.getByRole('link', { name: blueBike, exact: true }));
    expect(await pinnedMarks(results).count()).toBe(0);
  }, 120_000);

  it('Starter and Explorer members get no pin button, only a pointer to Connector', async () => {
    const explorer = await verifiedSeller({ firstName: 'Ezra' });
    await listItem(explorer, { title: 'Explorer lamp' });
    const starter = await verifiedSeller({ firstName: 'Stella', tier: 'starter' });
    await listItem(starter, { title: 'Starter kettle' });

    for (const [member, title] of [
      [explorer, 'Explorer lamp'],
      [starter, 'Starter kettle'],
    ] as const) {
      const page = await openPageAs(member, viewports.phone);
      await page.goto('/dashboard');
      const mine = yourListings(page);
      await seeVisible(mine.getByRole('link', { name: title, exact: true }));
      await seeVisible(mine.getByRole('button', { name: `Delete ${title}` }));
      expect(await mine.getByRole('button', { name: /Pin to top|Unpin/ }).count()).toBe(0);
      const hint = mine.getByRole('link', { name: 'Pinned posts come with Connector' });
      await seeVisible(hint);
      expect(await hint.getAttribute('href')).toBe('/membership-plans');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await saveScreenshot(page, `pinned-posts-hint-${title === 'Starter kettle' ? 'starter' : 'explorer'}-360`);
    }
  }, 90_000);
});
