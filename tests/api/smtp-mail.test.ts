// Mail really leaves through SMTP when SMTP_URL is set: a real SMTP server receives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { registerMember } from './support/factories';
import { useTestServer } from './support/use-test-server';

type ReceivedMail = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let smtpPort: number;
const received: ReceivedMail[] = [];
let connections = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const { client } = useTestServer(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Neighbourly <hello@neighbourly.test>' }));

async function waitForMail(to: string, pattern: RegExp): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = received.find((item) => item.to.includes(to) && pattern.test(item.raw));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

describe('mail over SMTP', () => {
  it('delivers the welcome mail to a new member from MAIL_FROM', async () => {
    const member = await registerMember(client, { firstName: 'Harper' });
    const mail = await waitForMail(member.email, /Welcome to Neighbourly!/);
    expect(mail.from).toBe('hello@neighbourly.test');
    expect(mail.raw).toContain("G'day Harper");
  });

  it('delivers the reset code, which then resets the password', async () => {
    const member = await registerMember(client);
    await client.post('/api/auth/reset-password-request', { email: member.email });
    const mail = await waitForMail(member.email, /password reset code/);
    const code = /reset code is (\d{6})/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: 'reset over smtp' });
    expect(confirm.status).toBe(200);
  });

  it('sends mail after mail over the connections it keeps open', async () => {
    // A connection per message would open one for each welcome; kept open, they carry the next
    // (a second may open while a reply is still on its way, never one each).
    const before = connections;
    for (let member = 0; member < 3; member += 1) {
      const { email } = await registerMember(client);
      await waitForMail(email, /Welcome to Neighbourly!/);
    }
    expect(connections - before).toBeLessThan(3);
  });

  it('keeps nothing in the dev outbox when SMTP carries the mail', async () => {
    const outbox = await client.get('/api/dev/outbox');
    expect(outbox.body).toEqual([]);
  });
});
