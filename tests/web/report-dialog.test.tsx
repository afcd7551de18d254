// The Report button (decision 21): a reason from the list (required), details up to 1,000
// characters, sent to our team with exactly the thing reported; thanks on success, the server's
// words when it was reported already; a visitor is sent to sign in and back.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { moderationLimits, moderationMessages, reportReasonLabels, reportReasons } from '../../src/domain/moderation';
import { Toaster } from '../../src/web/components/ui/toaster';
import { ReportButton } from '../../src/web/shared/moderation/report-button';
import type { ReportTarget } from '../../src/web/shared/moderation/report-form';
import { renderPage } from './support/fixtures';

type Sent = { method: string; path: string; body: unknown };

/** Stands in for the server: every call is recorded and answered with `status` and `body`. */
function stubServer(status: number, body: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      sent.push({ method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return Response.json(body, { status });
    }),
  );
  return { sent };
}

function renderReport({ target = { listingId: 'listing-1' } as ReportTarget, title = moderationMessages.reportListingTitle as string, signedIn = true } = {}) {
  const location = memoryLocation({ path: '/listing/listing-1', record: true });
  const rendered = renderPage(
    <Router hook={location.hook}>
      <ReportButton target={target} title={title} />
      <Toaster />
    </Router>,
    { signedIn },
  );
  return { ...rendered, location };
}

async function openDialog(rendered: ReturnType<typeof renderReport>, title: string = moderationMessages.reportListingTitle) {
  await rendered.user.click(screen.getByRole('button', { name: title }));
  const dialog = screen.getByRole('dialog', { name: title });
  // The form's code arrives when a report starts (the button fetches it ahead on hover or focus).
  await within(dialog).findByRole('button', { name: moderationMessages.submitReport });
  return dialog;
}

describe('the Report dialog', () => {
  // The form is loaded when a report starts; compiling it for the tests the first time takes longer
  // than a test's own timeout on a busy machine, so it is compiled here, before them.
  beforeAll(async () => {
    await import('../../src/web/shared/moderation/report-form');
  }, 60_000);

  it('lists every reason in order and asks for one before sending anything', async () => {
    const server = stubServer(201, { id: 'report-1', message: moderationMessages.thanks });
    const rendered = renderReport();
    const dialog = await openDialog(rendered);
    const reasons = within(dialog).getByRole('group', { name: moderationMessages.reasonLabel });
    expect(within(reasons).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(reportReasons.map((reason) => reportReasonLabels[reason]));

    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));
    expect(await within(dialog).findByText(moderationMessages.reasonRequired)).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });

  it(`holds the details to ${moderationLimits.detailsMax} characters`, async () => {
    const server = stubServer(201, { id: 'report-1', message: moderationMessages.thanks });
    const rendered = renderReport();
    const dialog = await openDialog(rendered);
    const details = within(dialog).getByRole('textbox', { name: moderationMessages.detailsLabel });
    expect(details).toHaveAttribute('maxLength', String(moderationLimits.detailsMax));
    expect(details).toHaveAccessibleDescription(moderationMessages.detailsHint);

    // Pasted past the limit (a browser would cut it; the form's own check holds without one).
    await rendered.user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.spam }));
    details.removeAttribute('maxLength');
    await rendered.user.click(details);
    await rendered.user.paste('x'.repeat(moderationLimits.detailsMax + 1));
    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));
    expect(await within(dialog).findByText(moderationMessages.detailsTooLong)).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });

  it('sends the reason and details with what is reported, thanks the member and closes', async () => {
    const server = stubServer(201, { id: 'report-1', message: moderationMessages.thanks });
    const rendered = renderReport({ target: { ratingId: 'rating-7' }, title: moderationMessages.reportRatingTitle });
    const dialog = await openDialog(rendered, moderationMessages.reportRatingTitle);
    await rendered.user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.scam }));
    await rendered.user.type(within(dialog).getByRole('textbox', { name: moderationMessages.detailsLabel }), '  Asked me for a deposit by bank transfer.  ');
    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));

    expect(await screen.findByText(moderationMessages.thanks)).toBeInTheDocument();
    expect(server.sent).toEqual([{ method: 'POST', path: '/api/reports', body: { ratingId: 'rating-7', reason: 'scam', details: 'Asked me for a deposit by bank transfer.' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves out empty details', async () => {
    const server = stubServer(201, { id: 'report-1', message: moderationMessages.thanks });
    const rendered = renderReport({ target: { memberId: 'member-9' }, title: moderationMessages.reportMemberTitle });
    const dialog = await openDialog(rendered, moderationMessages.reportMemberTitle);
    await rendered.user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.other }));
    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));
    await expect.poll(() => server.sent).toEqual([{ method: 'POST', path: '/api/reports', body: { memberId: 'member-9', reason: 'other' } }]);
  });

  it('says so when the member reported it already (409), without a crash', async () => {
    stubServer(409, { message: moderationMessages.alreadyReported, code: 'ALREADY_REPORTED' });
    const rendered = renderReport({ target: { conversationId: 'conversation-3' }, title: moderationMessages.reportConversationTitle });
    const dialog = await openDialog(rendered, moderationMessages.reportConversationTitle);
    await rendered.user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.offensive }));
    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));

    expect(await screen.findByText(moderationMessages.alreadyReported)).toBeInTheDocument();
    expect(screen.queryByText(moderationMessages.thanks)).toBeNull();
    expect(screen.getByRole('button', { name: moderationMessages.reportConversationTitle })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when it refuses (reporting one’s own listing)', async () => {
    stubServer(403, { message: moderationMessages.ownThing, code: 'REPORT_OWN' });
    const rendered = renderReport();
    const dialog = await openDialog(rendered);
    await rendered.user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.sold }));
    await rendered.user.click(within(dialog).getByRole('button', { name: moderationMessages.submitReport }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(moderationMessages.ownThing);
    expect(within(dialog).getByRole('button', { name: moderationMessages.submitReport })).toBeEnabled();
  });

  it('sends a visitor to sign in, coming back to the page after', async () => {
    const server = stubServer(201, {});
    const rendered = renderReport({ signedIn: false });
    await rendered.user.click(screen.getByRole('button', { name: moderationMessages.reportListingTitle }));
    expect(rendered.location.history.at(-1)).toBe(`/auth?next=${encodeURIComponent('/listing/listing-1')}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent).toEqual([]);
  });
});
