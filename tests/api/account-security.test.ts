// The member's own sign-in: changing the password while signed in, and where the account is signed in.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { accountSecurityMessages, maxSessionsPerMember } from '../../src/domain/account-security';
import { authMessages } from '../../src/domain/auth';
import { errorMessages } from '../../src/domain/errors';
import { sessions, users } from '../../src/server/db/schema';
import { latestCodeFor, mailsTo, registerMember, uniqueEmail } from './support/factories';
import type { TestClient } from './support/use-test-server';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInFrom(testClient: TestClient, member: { email: string; password: string }, userAgent: string): Promise<string> {
  const response = await testClient.call('POST', '/api/auth/login', { body: { email: member.email, password: member.password }, headers: { 'user-agent': userAgent } });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

const changePassword = (token: string, body: unknown) => client.call('PUT', '/api/user/password', { token, body });

describe('changing the password while signed in', () => {
  it('needs the current password, then signs every other device out, keeps this one and mails the member', async () => {
    const member = await registerMember(client, { password: 'old password here' });
    const laptop = await signInFrom(client, member, firefoxOnLinux);

    const done = await changePassword(member.token, { currentPassword: 'old password here', newPassword: 'a brand new password' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: accountSecurityMessages.passwordChanged });

    // This device stays signed in; the laptop is signed out at once (no cached session lets it through).
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
    const refused = await client.get('/api/auth/me', laptop);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(errorMessages.invalidToken);

    expect((await client.post('/api/auth/login', { email: member.email, password: 'old password here' })).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: member.email, password: 'a brand new password' })).status).toBe(200);

    const [mail] = await mailsTo(server, client, member.email);
    expect(mail.subject).toBe('Your Neighbourly password was changed');
    expect(mail.text).toContain("If this wasn't you, reset your password now");
    expect(mail.text).not.toContain('a brand new password');
  });

  it('refuses a wrong or missing current password, the same password again, or a short new one, and changes nothing', async () => {
    const member = await registerMember(client, { password: 'kept password one' });
    const other = await signInFrom(client, member, chromeOnWindows);

    const wrong = await changePassword(member.token, { currentPassword: 'not my password', newPassword: 'a brand new password' });
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([400, 'WRONG_CURRENT_PASSWORD', accountSecurityMessages.currentPasswordWrong]);
    const missing = await changePassword(member.token, { newPassword: 'a brand new password' });
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([400, 'CURRENT_PASSWORD_REQUIRED', accountSecurityMessages.currentPasswordRequired]);
    const same = await changePassword(member.token, { currentPassword: 'kept password one', newPassword: 'kept password one' });
    expect([same.status, same.body.code]).toEqual([400, 'SAME_PASSWORD']);
    const short = await changePassword(member.token, { currentPassword: 'kept password one', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual([{ path: 'newPassword', message: authMessages.passwordTooShort }]);

    expect((await client.get('/api/auth/me', other)).status).toBe(200);
    expect((await client.post('/api/auth/login', { email: member.email, password: 'kept password one' })).status).toBe(200);
    expect((await mailsTo(server, client, member.email)).map((mail) => mail.subject)).not.toContain('Your Neighbourly password was changed');
  });

  it('lets a member who joined with Google set a first password without one, and then sign in with it', async () => {
    const member = await registerMember(client);
    await server.database.db.update(users).set({ password: null, authMethod: 'google', googleId: `google-${member.email}` }).where(eq(users.email, member.email));
    expect((await client.get('/api/auth/me', member.token)).body.hasPassword).toBe(false);

    const set = await changePassword(member.token, { newPassword: 'my first password' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(accountSecurityMessages.passwordSet);
    expect((await client.get('/api/auth/me', member.token)).body.hasPassword).toBe(true);
    expect((await client.post('/api/auth/login', { email: member.email, password: 'my first password' })).status).toBe(200);
    expect((await mailsTo(server, client, member.email))[0].subject).toBe('You set a password for Neighbourly');
  });

  it('is for members only', async () => {
    const response = await client.call('PUT', '/api/user/password', { body: { currentPassword: 'x', newPassword: 'a brand new password' } });
    expect(response.status).toBe(401);
  });
});

describe('a stolen session guessing the current password', () => {
  // The real limits: no multiplier.
  const limited = useTestServer({ RATE_LIMIT_MULTIPLIER: '1' });

  it('is counted as failed sign-ins from its address: past the limit, sign-in from there is refused too', async () => {
    const member = await registerMember(limited.client, { password: 'the real password' });
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = await limited.client.call('PUT', '/api/user/password', { token: member.token, body: { currentPassword: `guess number ${guess}`, newPassword: 'taken over now' } });
      expect(answer.body.code).toBe('WRONG_CURRENT_PASSWORD');
    }
    const signIn = await limited.client.post('/api/auth/login', { email: member.email, password: 'the real password' });
    expect([signIn.status, signIn.body.code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('where the account is signed in', () => {
  it('lists each session with its device, start and last use, this one first and marked', async () => {
    const email = uniqueEmail('devices');
    const joined = await client.call('POST', '/api/auth/register', {
      body: { email, password: 'correct horse battery', firstName: 'Priya', lastName: 'Shah' },
      headers: { 'user-agent': chromeOnWindows },
    });
    const phone = await signInFrom(client, { email, password: 'correct horse battery' }, safariOnIphone);

    const listed = await client.get('/api/user/sessions', joined.body.token);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    const [here, there] = listed.body.sessions;
    expect(here).toMatchObject({ device: 'Chrome on Windows', current: true });
    expect(there).toMatchObject({ device: 'Safari on iPhone', current: false });
    for (const session of listed.body.sessions) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Math.abs(Date.parse(session.startedAt) - Date.now())).toBeLessThan(60_000);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.startedAt));
    }
    // Nothing of the token or its stored hash is shown.
    const [stored] = await server.database.db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.id, there.id));
    expect(JSON.stringify(listed.body)).not.toContain(stored.sid);
    expect(JSON.stringify(listed.body)).not.toContain(phone);

    // The phone sees the same two, itself first.
    expect((await client.get('/api/user/sessions', phone)).body.sessions.map((session: { device: string; current: boolean }) => [session.device, session.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
  });

  it('signs one device out at once, and never another member’s', async () => {
    const member = await registerMember(client);
    const tablet = await signInFrom(client, member, firefoxOnLinux);
    const stranger = await registerMember(client);
    const [tabletSession] = (await client.get('/api/user/sessions', member.token)).body.sessions.filter((session: { current: boolean }) => !session.current);

    const notTheirs = await client.call('DELETE', `/api/user/sessions/${tabletSession.id}`, { token: stranger.token });
    expect([notTheirs.status, notTheirs.body.code, notTheirs.body.message]).toEqual([404, 'SESSION_NOT_FOUND', accountSecurityMessages.sessionNotFound]);
    expect((await client.get('/api/auth/me', tablet)).status).toBe(200);

    expect((await client.call('DELETE', `/api/user/sessions/${tabletSession.id}`, { token: member.token })).status).toBe(204);
    expect((await client.get('/api/auth/me', tablet)).status).toBe(401);
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
    const again = await client.call('DELETE', `/api/user/sessions/${tabletSession.id}`, { token: member.token });
    expect(again.body.code).toBe('SESSION_NOT_FOUND');
    const malformed = await client.call('DELETE', '/api/user/sessions/not-a-session', { token: member.token });
    expect(malformed.status).toBe(400);
  });

  it('signs every other device out, and says how many', async () => {
    const member = await registerMember(client);
    const others = [await signInFrom(client, member, firefoxOnLinux), await signInFrom(client, member, safariOnIphone)];
    const ended = await client.call('DELETE', '/api/user/sessions', { token: member.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 2 });
    for (const token of others) expect((await client.get('/api/auth/me', token)).status).toBe(401);
    expect((await client.get('/api/user/sessions', member.token)).body.sessions).toHaveLength(1);
    expect((await client.call('DELETE', '/api/user/sessions', { token: member.token })).body).toEqual({ ended: 0 });
  });

  it('keeps a very long or missing User-Agent without failing', async () => {
    const email = uniqueEmail('agent');
    const joined = await client.call('POST', '/api/auth/register', {
      body: { email, password: 'correct horse battery', firstName: 'Sam', lastName: 'Lee' },
      headers: { 'user-agent': `${chromeOnWindows} ${'x'.repeat(2000)}` },
    });
    expect(joined.status).toBe(201);
    const [row] = await server.database.db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, joined.body.user.id));
    expect(row.userAgent).toHaveLength(300);
    expect((await client.get('/api/user/sessions', joined.body.token)).body.sessions[0].device).toBe('Chrome on Windows');
  });

  it('writes a session’s last use, and its 30-day expiry, at most once an hour', async () => {
    const member = await registerMember(client);
    const [{ id }] = await server.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.user.id));
    const rowOf = async () => (await server.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];
    const hourMs = 3_600_000;

    // Last used three hours ago, expiring tomorrow: the next request writes both.
    await server.database.db.update(sessions).set({ lastUsedAt: new Date(Date.now() - 3 * hourMs), expire: new Date(Date.now() + 24 * hourMs) }).where(eq(sessions.id, id));
    server.app.contentVersion.bump(); // changed behind the API's back
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
    const written = await rowOf();
    expect(Date.now() - written.lastUsedAt!.getTime()).toBeLessThan(60_000);
    expect(written.expire.getTime() - Date.now()).toBeGreaterThan(29 * 24 * hourMs);

    // Used ten minutes ago: the next requests write nothing.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const tomorrow = new Date(Date.now() + 24 * hourMs);
    await server.database.db.update(sessions).set({ lastUsedAt: tenMinutesAgo, expire: tomorrow }).where(eq(sessions.id, id));
    server.app.contentVersion.bump();
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
    expect(await rowOf()).toMatchObject({ lastUsedAt: tenMinutesAgo, expire: tomorrow });
  });

  it('keeps at most 50 sessions a member: signing in again and again ends the least recently used', async () => {
    const member = await registerMember(client);
    const tokens: string[] = [];
    // With the session from joining, that makes the most a member holds.
    for (let time = 0; time < maxSessionsPerMember - 1; time += 1) tokens.push(await signInFrom(client, member, firefoxOnLinux));
    // The two oldest still answer, and are now in the server's session cache.
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
    expect((await client.get('/api/auth/me', tokens[0])).status).toBe(200);
    for (let time = 0; time < 2; time += 1) tokens.push(await signInFrom(client, member, firefoxOnLinux));
    const listed = await client.get('/api/user/sessions', tokens.at(-1));
    expect(listed.body.sessions).toHaveLength(maxSessionsPerMember);
    // The session from joining and the first sign-in went (refused at once, cached or not); the newest are all there.
    expect((await client.get('/api/auth/me', member.token)).status).toBe(401);
    expect((await client.get('/api/auth/me', tokens[0])).status).toBe(401);
    expect((await client.get('/api/auth/me', tokens[1])).status).toBe(200);
  });

  it('is for members only', async () => {
    expect((await client.get('/api/user/sessions')).status).toBe(401);
    expect((await client.call('DELETE', '/api/user/sessions')).status).toBe(401);
  });
});

describe('changing the email', () => {
  const requestChange = (token: string, body: unknown) => client.call('POST', '/api/user/email', { token, body });
  const confirmChange = (token: string, code: string) => client.call('POST', '/api/user/email/verify', { token, body: { code } });

  it('mails a code to the new address and changes nothing until it is entered; then the old address is told', async () => {
    const member = await registerMember(client, { password: 'my password 1' });
    const newEmail = uniqueEmail('moved');
    const asked = await requestChange(member.token, { newEmail: `  ${newEmail.toUpperCase()} `, password: 'my password 1' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(accountSecurityMessages.emailChangeCodeSent(newEmail));

    // Until the code is entered, sign-in is with the current address.
    expect((await client.post('/api/auth/login', { email: member.email, password: 'my password 1' })).status).toBe(200);
    expect((await client.post('/api/auth/login', { email: newEmail, password: 'my password 1' })).status).toBe(401);

    const code = await latestCodeFor(client, newEmail);
    const wrong = await confirmChange(member.token, code === '000000' ? '111111' : '000000');
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_CODE']);
    const changed = await confirmChange(member.token, code);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, isEmailVerified: true });
    expect((await client.get('/api/auth/me', member.token)).body.email).toBe(newEmail);
    expect((await client.post('/api/auth/login', { email: newEmail, password: 'my password 1' })).status).toBe(200);
    expect((await client.post('/api/auth/login', { email: member.email, password: 'my password 1' })).status).toBe(401);

    const [told] = await mailsTo(server, client, member.email);
    expect(told.subject).toBe('Your Neighbourly email was changed');
    expect(told.text).toContain(newEmail);
    // The code was for one change.
    expect((await confirmChange(member.token, code)).body.code).toBe('INVALID_CODE');
  });

  it('answers an address that has an account exactly as a free one, and sends it nothing', async () => {
    const member = await registerMember(client);
    const other = await registerMember(client);
    const free = uniqueEmail('free');
    const toTaken = await requestChange(member.token, { newEmail: other.email, password: member.password });
    expect(toTaken.status).toBe(200);
    expect(toTaken.body.message).toBe(accountSecurityMessages.emailChangeCodeSent(other.email));
    expect((await mailsTo(server, client, other.email)).map((mail) => mail.subject)).toEqual(['Welcome to Neighbourly!']);
    // Asked again a minute later with a free address: the same kind of answer, and this one gets its code.
    await server.database.db.execute(sql`update verification_codes set created_at = created_at - interval '2 minutes' where type = 'email_change'`);
    const toFree = await requestChange(member.token, { newEmail: free, password: member.password });
    expect(Object.keys(toFree.body)).toEqual(Object.keys(toTaken.body));
    expect((await mailsTo(server, client, free))[0].subject).toBe('Your Neighbourly code for your new email');
  });

  it('sends one address at most three codes a day, whichever accounts ask and whether or not it has an account', async () => {
    for (const victim of [uniqueEmail('inbox'), (await registerMember(client)).email]) {
      const askers = [await registerMember(client), await registerMember(client), await registerMember(client), await registerMember(client)];
      const answers = [];
      for (const asker of askers) answers.push(await requestChange(asker.token, { newEmail: victim, password: asker.password }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3].body.message).toBe(accountMessages.tooManyCodesToday);
      expect((await mailsTo(server, client, victim)).filter((mail) => mail.subject === 'Your Neighbourly code for your new email').length).toBeLessThanOrEqual(3);
    }
  });

  it('needs the password, a new address, and a minute between codes', async () => {
    const member = await registerMember(client, { password: 'my password 2' });
    const wrong = await requestChange(member.token, { newEmail: uniqueEmail('x'), password: 'not it' });
    expect(wrong.body.code).toBe('WRONG_CURRENT_PASSWORD');
    const missing = await requestChange(member.token, { newEmail: uniqueEmail('x') });
    expect(missing.body.code).toBe('CURRENT_PASSWORD_REQUIRED');
    const same = await requestChange(member.token, { newEmail: member.email.toUpperCase(), password: 'my password 2' });
    expect([same.status, same.body.code, same.body.message]).toEqual([400, 'SAME_EMAIL', accountSecurityMessages.sameEmail]);
    const invalid = await requestChange(member.token, { newEmail: 'not an email', password: 'my password 2' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors[0]).toEqual({ path: 'newEmail', message: authMessages.invalidEmail });

    expect((await requestChange(member.token, { newEmail: uniqueEmail('first'), password: 'my password 2' })).status).toBe(200);
    const tooSoon = await requestChange(member.token, { newEmail: uniqueEmail('second'), password: 'my password 2' });
    expect([tooSoon.status, tooSoon.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await client.post('/api/user/email', { newEmail: uniqueEmail('y'), password: 'x' })).status).toBe(401);
  });
});
