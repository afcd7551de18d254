import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../src/domain/auth';
import { errorMessages } from '../../src/domain/errors';
import { sessions, users, verificationCodes } from '../../src/server/db/schema';
import { latestCodeFor, registerMember, uniqueEmail } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'boss@example.com' });

describe('joining', () => {
  it('creates a member on Explorer with a month free, signs them in and mails a welcome', async () => {
    const email = uniqueEmail('join');
    const response = await client.post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'a long enough password',
      firstName: 'Lachlan',
      lastName: 'Smith',
    });
    expect(response.status).toBe(201);
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.user).toMatchObject({
      email,
      firstName: 'Lachlan',
      lastName: 'Smith',
      membershipTier: 'explorer',
      isAdmin: false,
      isEmailVerified: false,
      isPhoneVerified: false,
      isCardVerified: false,
    });
    expect(response.body.user).not.toHaveProperty('password');
    const trialDays = (Date.parse(response.body.user.trialEndDate) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(27);
    expect(trialDays).toBeLessThan(32);

    const me = await client.get('/api/auth/me', response.body.token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body[0]).toMatchObject({ to: email, channel: 'email', subject: 'Welcome to Neighbourly!' });
    expect(outbox.body[0].text).toContain("G'day Lachlan");
  });

  it('stores a hashed password and a hashed session id, never the secrets themselves', async () => {
    const member = await registerMember(client, { password: 'plain text never stored' });
    const [row] = await server.database.db.select().from(users).where(eq(users.email, member.email));
    expect(row.password).toMatch(/^\$argon2id\$/);
    const stored = await server.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].sid).not.toBe(member.token);
    expect(stored[0].sid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const member = await registerMember(client);
    const again = await client.post('/api/auth/register', {
      email: member.email.toUpperCase(),
      password: 'another password',
      firstName: 'Other',
      lastName: 'Person',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_TAKEN', message: errorMessages.emailTaken });
  });

  it('makes an account named in ADMIN_EMAILS an admin only once its owner has proved the address', async () => {
    const admin = await registerMember(client, { email: 'Boss@Example.com' });
    expect(admin.user.isAdmin).toBe(false);
    expect((await client.get('/api/admin/users', admin.token)).status).toBe(403);

    await client.post('/api/send-verification-email', undefined, admin.token);
    const verified = await client.post('/api/verify-email', { code: await latestCodeFor(client, 'boss@example.com') }, admin.token);
    expect(verified.status).toBe(200);
    expect((await client.get('/api/auth/me', admin.token)).body.isAdmin).toBe(true);
    expect((await client.get('/api/admin/users', admin.token)).status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', authMessages.invalidEmail],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', authMessages.emailTooLong],
    [{ password: 'short' }, 'password', authMessages.passwordTooShort],
    [{ password: 'x'.repeat(129) }, 'password', authMessages.passwordTooLong],
    [{ firstName: 'A' }, 'firstName', authMessages.firstNameTooShort],
    [{ firstName: '   ' }, 'firstName', authMessages.firstNameTooShort],
    [{ firstName: 'A'.repeat(51) }, 'firstName', authMessages.firstNameTooLong],
    [{ lastName: 'B' }, 'lastName', authMessages.lastNameTooShort],
    [{ lastName: 42 }, 'lastName', authMessages.lastNameTooShort],
  ])('refuses %j with the message for %s', async (override, field, message) => {
    const body = { email: uniqueEmail(), password: 'good password', firstName: 'Ava', lastName: 'Brown', ...override };
    const response = await client.post('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toBe(message);
    expect(response.body.fieldErrors).toContainEqual({ path: field, message });
  });
});

describe('signing in and out', () => {
  it('signs in with the right password and gives a fresh token', async () => {
    const member = await registerMember(client);
    const response = await client.post('/api/auth/login', { email: member.email, password: member.password });
    expect(response.status).toBe(200);
    expect(response.body.token).not.toBe(member.token);
    expect(response.body.user.email).toBe(member.email);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const member = await registerMember(client);
    const wrongPassword = await client.post('/api/auth/login', { email: member.email, password: 'wrong password' });
    const unknownEmail = await client.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.message).toBe(errorMessages.invalidCredentials);
  });

  it('requires a password', async () => {
    const response = await client.post('/api/auth/login', { email: uniqueEmail(), password: '' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(authMessages.passwordRequired);
  });

  it('revokes the token on logout, on the server', async () => {
    const member = await registerMember(client);
    const logout = await client.post('/api/auth/logout', undefined, member.token);
    expect(logout.status).toBe(204);
    const me = await client.get('/api/auth/me', member.token);
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(errorMessages.invalidToken);
  });

  it('keeps other sessions signed in when one device logs out', async () => {
    const member = await registerMember(client);
    const second = await client.post('/api/auth/login', { email: member.email, password: member.password });
    await client.post('/api/auth/logout', undefined, member.token);
    expect((await client.get('/api/auth/me', second.body.token)).status).toBe(200);
  });

  it('answers /me without a token, or with a made-up one, with 401', async () => {
    const none = await client.get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(errorMessages.signInRequired);
    const madeUp = await client.get('/api/auth/me', 'x'.repeat(43));
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.message).toBe(errorMessages.invalidToken);
    const malformed = await client.call('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('does not accept an expired session', async () => {
    const member = await registerMember(client);
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, member.user.id));
    expect((await client.get('/api/auth/me', member.token)).status).toBe(401);
  });
});

describe('resetting a password', () => {
  it('resets in three steps with the mailed code, then signs out every other session', async () => {
    const member = await registerMember(client);
    const request = await client.post('/api/auth/reset-password-request', { email: member.email });
    expect(request.status).toBe(200);
    const code = await latestCodeFor(client, member.email);

    const [stored] = await server.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, member.user.id));
    expect(stored.code).not.toContain(code);

    const verify = await client.post('/api/auth/reset-password-verify-code', { email: member.email, code });
    expect(verify.status).toBe(200);

    const confirm = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: 'brand new password' });
    expect(confirm.status).toBe(200);
    expect(confirm.body.user.email).toBe(member.email);
    expect((await client.get('/api/auth/me', confirm.body.token)).status).toBe(200);
    expect((await client.get('/api/auth/me', member.token)).status).toBe(401);

    const oldPassword = await client.post('/api/auth/login', { email: member.email, password: member.password });
    expect(oldPassword.status).toBe(401);
    const newPassword = await client.post('/api/auth/login', { email: member.email, password: 'brand new password' });
    expect(newPassword.status).toBe(200);
  });

  it('answers the request the same whether or not the email has an account', async () => {
    const member = await registerMember(client);
    const known = await client.post('/api/auth/reset-password-request', { email: member.email });
    const unknown = await client.post('/api/auth/reset-password-request', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('refuses a reused code', async () => {
    const member = await registerMember(client);
    await client.post('/api/auth/reset-password-request', { email: member.email });
    const code = await latestCodeFor(client, member.email);
    const first = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: 'first new password' });
    expect(first.status).toBe(200);
    const second = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: 'second new password' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'INVALID_CODE', message: errorMessages.invalidResetCode });
  });

  it('refuses an expired code', async () => {
    const member = await registerMember(client);
    await client.post('/api/auth/reset-password-request', { email: member.email });
    const code = await latestCodeFor(client, member.email);
    await server.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, member.user.id));
    const verify = await client.post('/api/auth/reset-password-verify-code', { email: member.email, code });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(errorMessages.invalidResetCode);
  });

  it('locks a code after five wrong tries, even for the right code', async () => {
    const member = await registerMember(client);
    await client.post('/api/auth/reset-password-request', { email: member.email });
    const code = await latestCodeFor(client, member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(await client.post('/api/auth/reset-password-verify-code', { email: member.email, code: wrong }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[4].body.message).toBe(errorMessages.tooManyCodeAttempts);
    const right = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: 'never applied password' });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(errorMessages.tooManyCodeAttempts);
  });

  it('sends no second code within a minute, but answers the same', async () => {
    const member = await registerMember(client);
    const first = await client.post('/api/auth/reset-password-request', { email: member.email });
    const second = await client.post('/api/auth/reset-password-request', { email: member.email });
    expect(second.body).toEqual(first.body);
    await server.app.background.drain();
    const mails = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).body;
    expect(mails.filter((mail: { subject: string }) => /reset code/.test(mail.subject))).toHaveLength(1);
  });

  it('replaces an earlier code when a new one is requested a minute later', async () => {
    const member = await registerMember(client);
    await client.post('/api/auth/reset-password-request', { email: member.email });
    const firstCode = await latestCodeFor(client, member.email);
    await server.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(verificationCodes.userId, member.user.id));
    await client.post('/api/auth/reset-password-request', { email: member.email });
    await server.app.background.drain();
    const secondCode = await latestCodeFor(client, member.email);
    const mails = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).body;
    expect(mails.filter((mail: { subject: string }) => /reset code/.test(mail.subject))).toHaveLength(2);
    if (firstCode !== secondCode) {
      const stale = await client.post('/api/auth/reset-password-verify-code', { email: member.email, code: firstCode });
      expect(stale.status).toBe(400);
    }
    const fresh = await client.post('/api/auth/reset-password-verify-code', { email: member.email, code: secondCode });
    expect(fresh.status).toBe(200);
  });

  it.each([
    ['12345', authMessages.codeLength],
    ['1234567', authMessages.codeLength],
    ['abcdef', authMessages.codeLength],
  ])('refuses the code %s with the spec message', async (code, message) => {
    const response = await client.post('/api/auth/reset-password-verify-code', { email: uniqueEmail(), code });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const response = await client.post('/api/auth/reset-password-confirm', { email: uniqueEmail(), code: '123456', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(authMessages.passwordTooShort);
  });
});

describe('bad input never breaks the server', () => {
  it('answers malformed JSON with a 400 and a clear message', async () => {
    const response = await client.call('POST', '/api/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'MALFORMED_JSON', message: errorMessages.malformedJson });
  });

  it('answers a body that is not an object', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null']) {
      const response = await client.call('POST', '/api/auth/register', { rawBody, headers: { 'content-type': 'application/json' } });
      expect(response.status, rawBody).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers a missing body', async () => {
    const response = await client.call('POST', '/api/auth/login');
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  it('answers a form-encoded body with 415', async () => {
    const response = await client.call('POST', '/api/auth/login', {
      rawBody: 'email=a%40b.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: errorMessages.unsupportedContentType });
  });

  it('answers an oversized body with 413', async () => {
    const response = await client.call('POST', '/api/auth/register', {
      rawBody: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(errorMessages.bodyTooLarge);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await client.get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: errorMessages.notFound, code: 'NOT_FOUND' });
  });
});
