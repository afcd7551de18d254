// Support by plan (decision 32) on the pages: the admins' support inbox in the server's order, each
// message shown as text and answered from the card; the reply times on the contact page, Starter's
// community support pointing to the help pages; the member's messages and our replies on /account.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMember, fakeServer, renderPage } from './support/fixtures';
import type { AdminSupportRequest, MemberSupportRequest } from '../../src/domain/support-schemas';
import { supportMessages } from '../../src/domain/support';
import { Toaster } from '../../src/web/components/ui/toaster';
import { SupportInboxCard } from '../../src/web/features/admin/components/support-inbox-card';
import { SupportRequests } from '../../src/web/features/account/components/support-requests';
import { ReplyTimes } from '../../src/web/features/support/components/reply-times';

const hostile = '<img src=x onerror="alert(1)"> please help';

const request = (overrides: Partial<AdminSupportRequest>): AdminSupportRequest => ({
  id: 'request-1',
  name: 'Cal Connector',
  email: 'cal@example.com',
  message: 'When does my pinned post show?',
  createdAt: '2026-03-05T09:00:00.000Z',
  memberId: 'member-1',
  membershipTier: 'connector',
  supportLevel: 'priority',
  status: 'open',
  answeredAt: null,
  replies: [],
  ...overrides,
});

const inbox: AdminSupportRequest[] = [
  request({}),
  request({ id: 'request-2', name: 'Eve Explorer', email: 'eve@example.com', membershipTier: 'explorer', supportLevel: 'email', message: hostile }),
  request({ id: 'request-3', name: 'Val Visitor', email: 'val@example.com', memberId: null, membershipTier: null, supportLevel: 'community', message: 'Is there a fee?' }),
  request({
    id: 'request-4',
    name: 'Sam Starter',
    email: 'sam@example.com',
    membershipTier: 'starter',
    supportLevel: 'community',
    status: 'answered',
    answeredAt: '2026-03-04T10:00:00.000Z',
    replies: [{ id: 'reply-1', message: 'Done!', createdAt: '2026-03-04T10:00:00.000Z', adminEmail: 'hana@example.com' }],
  }),
];

function renderInbox() {
  const server = fakeServer(({ method }) => (method === 'GET' ? inbox : { message: 'Your reply is on its way to eve@example.com.', request: { ...inbox[1], status: 'answered' } }));
  const rendered = renderPage(
    <>
      <SupportInboxCard />
      <Toaster />
    </>,
    { signedIn: true, data: [[['/api/admin/support'], inbox]] },
  );
  return { ...rendered, writes: () => server.sent.filter((sent) => sent.method !== 'GET') };
}

describe('the support inbox card', () => {
  it("keeps the server's order, open first, and names each sender's plan and support", () => {
    renderInbox();
    expect(screen.getByRole('heading', { name: `${supportMessages.inboxTitle} (3 open)` })).toBeInTheDocument();
    const open = screen.getByRole('list', { name: 'Open messages' });
    expect(within(open).getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Cal Connector, Priority support',
      'Eve Explorer, Email support',
      'Val Visitor, Community support',
    ]);
    expect(within(open).getByText('Connector member')).toBeInTheDocument();
    expect(within(open).getByText('Visitor')).toBeInTheDocument();
    const answered = screen.getByRole('list', { name: 'Answered messages', hidden: true });
    expect(within(answered).getByText('Done!')).toBeInTheDocument();
  });

  it('shows HTML in a message as the text it is', () => {
    const { container } = renderInbox();
    expect(screen.getByText(hostile)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('sends a reply, trimmed, and says where it went; an empty one is refused before anything is sent', async () => {
    const { user, writes } = renderInbox();
    const form = screen.getByRole('form', { name: 'Reply to Eve Explorer' });
    await user.click(within(form).getByRole('button', { name: supportMessages.sendReply }));
    expect(await within(form).findByText(supportMessages.replyRequired)).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: supportMessages.replyLabel }), '  Try the Account page.  ');
    await user.click(within(form).getByRole('button', { name: supportMessages.sendReply }));
    expect(await screen.findByText('Your reply is on its way to eve@example.com.')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', path: '/api/admin/support/request-2/reply', body: { message: 'Try the Account page.' } }]);
  });
});

describe('the reply times on the contact page', () => {
  it('gives each support level its promise and who has it, fastest first', () => {
    renderPage(<ReplyTimes user={null} />);
    const list = screen.getByRole('list', { name: 'Reply times by plan' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Priority support · Connector and Lifetime membersFirst reply within 1 business day\.$/),
      expect.stringMatching(/^Email support · Explorer membersFirst reply within 3 business days\.$/),
      expect.stringContaining('Community support · Starter members and visitors'),
    ]);
  });

  it("points community support to the Help Centre and Safety Tips, and marks the reader's own plan", () => {
    renderPage(<ReplyTimes user={aMember({ membershipTier: 'starter' })} />);
    const own = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'true')!;
    expect(own).toHaveTextContent('Community support');
    expect(within(own).getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', '/help');
    expect(within(own).getByRole('link', { name: 'Safety Tips' })).toHaveAttribute('href', '/safety');
    expect(screen.getByText("You're on Starter: community support.")).toBeInTheDocument();
  });

  it('marks priority support for a Lifetime member', () => {
    renderPage(<ReplyTimes user={aMember({ membershipTier: 'lifetime' })} />);
    const own = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'true')!;
    expect(own).toHaveTextContent('Priority support');
  });
});

describe("the member's messages on /account", () => {
  const mine: MemberSupportRequest[] = [
    { id: 'request-9', message: hostile, createdAt: '2026-03-06T09:00:00.000Z', supportLevel: 'email', status: 'open', replies: [] },
    {
      id: 'request-8',
      message: 'How do I change my suburb?',
      createdAt: '2026-03-01T09:00:00.000Z',
      supportLevel: 'email',
      status: 'answered',
      replies: [{ id: 'reply-8', message: 'Open Account and save a new postcode.', createdAt: '2026-03-02T09:00:00.000Z' }],
    },
  ];

  it('shows each message as text, what is still waiting with its reply time, and our replies', () => {
    fakeServer(() => mine);
    const { container } = renderPage(<SupportRequests />, { signedIn: true, data: [[['/api/support'], mine]] });
    const [waiting, answered] = screen.getAllByRole('article');
    expect(within(waiting).getByText(hostile)).toBeInTheDocument();
    expect(within(waiting).getByText(supportMessages.waitingForReply)).toBeInTheDocument();
    expect(within(waiting).getByText('First reply within 3 business days.')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(within(answered).getByText(supportMessages.answered)).toBeInTheDocument();
    expect(within(answered).getByText('Open Account and save a new postcode.')).toBeInTheDocument();
  });

  it('says so when the member has not written, with the way to', () => {
    fakeServer(() => []);
    renderPage(<SupportRequests />, { signedIn: true, data: [[['/api/support'], []]] });
    expect(screen.getByText(supportMessages.accountEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
