import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages, postcodeLockedMessage } from '../../src/domain/account';
import { errorMessages } from '../../src/domain/errors';
import { users, verificationCodes } from '../../src/server/db/schema';
import { registerMember } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

async function newestCode(to: string): Promise<string> {
  const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const item = outbox.body.find((mail: { text: string }) => /\b\d{6}\b/.test(mail.text));
  if (!item) throw new Error(`no code sent to ${to}`);
  return /\b(\d{6})\b/.exec(item.text)![1];
}

/** Lets the next code go out at once, as if a minute had passed. */
async function ageCodes(userId: string) {
  await server.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 2 * 60_000) }).where(eq(verificationCodes.userId, userId));
}

async function verifiedEmailMember() {
  const member = await registerMember(client);
  await client.post('/api/send-verification-email', undefined, member.token);
  await client.post('/api/verify-email', { code: await newestCode(member.email) }, member.token);
  return member;
}

describe('email verification', () => {
  it('verifies the email with the mailed code, once', async () => {
    const member = await registerMember(client);
    const status = await client.get('/api/verification-status', member.token);
    expect(status.body).toEqual({ email: member.email, isEmailVerified: false, isPhoneVerified: false, isCardVerified: false });

    expect((await client.post('/api/send-verification-email', undefined, member.token)).status).toBe(200);
    const code = await newestCode(member.email);
    const verify = await client.post('/api/verify-email', { code }, member.token);
    expect(verify.status).toBe(200);
    expect((await client.get('/api/verification-status', member.token)).body.isEmailVerified).toBe(true);
    expect((await client.get('/api/auth/me', member.token)).body.isEmailVerified).toBe(true);

    const again = await client.post('/api/send-verification-email', undefined, member.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED', message: accountMessages.emailAlreadyVerified });
  });

  it('sends a new code at most once a minute', async () => {
    const member = await registerMember(client);
    expect((await client.post('/api/send-verification-email', undefined, member.token)).status).toBe(200);
    const second = await client.post('/api/send-verification-email', undefined, member.token);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(accountMessages.resendTooSoon);
    await ageCodes(member.user.id);
    expect((await client.post('/api/send-verification-email', undefined, member.token)).status).toBe(200);
  });

  it.each(['12345', '1234567', 'abcdef', '12 345', ''])('refuses the code %j with the spec message', async (code) => {
    const member = await registerMember(client);
    const response = await client.post('/api/verify-email', { code }, member.token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(accountMessages.emailCodeInvalid);
  });

  it('refuses an expired code, a reused code and another member’s code', async () => {
    const member = await registerMember(client);
    const other = await registerMember(client);
    await client.post('/api/send-verification-email', undefined, member.token);
    await client.post('/api/send-verification-email', undefined, other.token);
    const code = await newestCode(member.email);
    const otherCode = await newestCode(other.email);

    if (otherCode !== code) {
      const crossed = await client.post('/api/verify-email', { code: otherCode }, member.token);
      expect(crossed.status).toBe(400);
    }

    await server.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, member.user.id));
    const expired = await client.post('/api/verify-email', { code }, member.token);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(errorMessages.invalidResetCode);

    expect((await client.post('/api/verify-email', { code: otherCode }, other.token)).status).toBe(200);
    await server.database.db.update(users).set({ isEmailVerified: false }).where(eq(users.id, other.user.id));
    server.app.contentVersion.bump(); // changed behind the API's back
    const reused = await client.post('/api/verify-email', { code: otherCode }, other.token);
    expect(reused.status).toBe(400);
  });

  it('locks the code on the sixth try after five wrong ones', async () => {
    const member = await registerMember(client);
    await client.post('/api/send-verification-email', undefined, member.token);
    const code = await newestCode(member.email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) await client.post('/api/verify-email', { code: wrong }, member.token);
    const sixth = await client.post('/api/verify-email', { code }, member.token);
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe(errorMessages.tooManyCodeAttempts);
    expect((await client.get('/api/verification-status', member.token)).body.isEmailVerified).toBe(false);
  });

  it('needs a signed-in member', async () => {
    expect((await client.post('/api/send-verification-email')).status).toBe(401);
    expect((await client.post('/api/verify-email', { code: '123456' })).status).toBe(401);
    expect((await client.get('/api/verification-status')).status).toBe(401);
  });
});

describe('phone verification', () => {
  it('texts a code to the normalised number and verifies that number', async () => {
    const member = await verifiedEmailMember();
    const send = await client.post('/api/phone/send-code', { phone: '0412 345 678' }, member.token);
    expect(send.status).toBe(200);
    const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent('+61412345678')}`);
    expect(outbox.body[0]).toMatchObject({ channel: 'sms', to: '+61412345678' });
    const code = /\b(\d{6})\b/.exec(outbox.body[0].text)![1];
    const verify = await client.post('/api/verify-phone', { code }, member.token);
    expect(verify.status).toBe(200);
    const me = await client.get('/api/auth/me', member.token);
    expect(me.body).toMatchObject({ phone: '+61412345678', isPhoneVerified: true });
  });

  it('refuses to text a code for a number another account has verified', async () => {
    const owner = await verifiedEmailMember();
    await client.post('/api/phone/send-code', { phone: '0412 555 001' }, owner.token);
    expect((await client.post('/api/verify-phone', { code: await newestCode('+61412555001') }, owner.token)).status).toBe(200);
    const textsBefore = (await client.get(`/api/dev/outbox?to=${encodeURIComponent('+61412555001')}`)).body.length;

    const other = await verifiedEmailMember();
    const response = await client.post('/api/phone/send-code', { phone: '0412 555 001' }, other.token);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'PHONE_IN_USE', message: accountMessages.phoneInUse });
    expect((await client.get(`/api/dev/outbox?to=${encodeURIComponent('+61412555001')}`)).body).toHaveLength(textsBefore);

    // A saved but unverified copy of the number is refused too, and the owner keeps it.
    await client.call('PUT', '/api/user/phone', { token: other.token, body: { phone: '0412 555 001' } });
    expect((await client.post('/api/phone/send-code', {}, other.token)).body.code).toBe('PHONE_IN_USE');
    expect((await client.get('/api/auth/me', owner.token)).body).toMatchObject({ phone: '+61412555001', isPhoneVerified: true });
  });

  it('lets only one of two accounts racing with codes for one number verify it', async () => {
    const first = await verifiedEmailMember();
    const second = await verifiedEmailMember();
    expect((await client.post('/api/phone/send-code', { phone: '0412 555 002' }, first.token)).status).toBe(200);
    const firstCode = await newestCode('+61412555002');
    expect((await client.post('/api/phone/send-code', { phone: '0412 555 002' }, second.token)).status).toBe(200);
    const secondCode = await newestCode('+61412555002');

    const answers = await Promise.all([
      client.post('/api/verify-phone', { code: firstCode }, first.token),
      client.post('/api/verify-phone', { code: secondCode }, second.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'PHONE_IN_USE', message: accountMessages.phoneInUse });
    const holders = await server.database.db.select({ id: users.id }).from(users).where(and(eq(users.phone, '+61412555002'), eq(users.isPhoneVerified, true)));
    expect(holders).toHaveLength(1);
  });

  it('needs the email verified first', async () => {
    const member = await registerMember(client);
    const response = await client.post('/api/phone/send-code', { phone: '0412345678' }, member.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(accountMessages.verifyEmailFirst);
  });

  it.each(['123', '+1 555 0100', '4'.repeat(40), '0212345678', 'phone'])('refuses the number %j', async (phone) => {
    const member = await verifiedEmailMember();
    const response = await client.post('/api/phone/send-code', { phone }, member.token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(accountMessages.phoneInvalid);
  });

  it('never marks a phone verified without the right code', async () => {
    const member = await verifiedEmailMember();
    const bare = await client.post('/api/verify-phone', {}, member.token);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(accountMessages.codeRequired);
    const guessed = await client.post('/api/verify-phone', { code: '123456' }, member.token);
    expect(guessed.status).toBe(400);
    expect((await client.get('/api/verification-status', member.token)).body.isPhoneVerified).toBe(false);
  });

  it('saves a changed phone as unverified', async () => {
    const member = await registerMember(client);
    await server.database.db.update(users).set({ phone: '+61400000000', isPhoneVerified: true }).where(eq(users.id, member.user.id));
    server.app.contentVersion.bump(); // changed behind the API's back
    const same = await client.call('PUT', '/api/user/phone', { token: member.token, body: { phone: '0400 000 000' } });
    expect(same.body.isPhoneVerified).toBe(true);
    const changed = await client.call('PUT', '/api/user/phone', { token: member.token, body: { phone: '412999888' } });
    expect(changed.body).toMatchObject({ phone: '+61412999888', isPhoneVerified: false });
    const empty = await client.call('PUT', '/api/user/phone', { token: member.token, body: { phone: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(accountMessages.phoneRequired);
  });
});

describe('card verification', () => {
  it('accepts a test card without storing it and marks the card verified', async () => {
    const member = await registerMember(client);
    const response = await client.post('/api/verify-card', { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, member.token);
    expect(response.status).toBe(200);
    expect(response.body.message).toContain('4242');
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(true);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it.each([
    [{ cardNumber: '4000 0000 0000 0002' }, 'CARD_DECLINED', accountMessages.cardDeclined],
    [{ cardNumber: '4242 4242 4242 4241' }, 'VALIDATION_FAILED', accountMessages.cardNumberInvalid],
    [{ expiry: '13/30' }, 'VALIDATION_FAILED', accountMessages.cardExpiryInvalid],
    [{ expiry: '01/20' }, 'CARD_EXPIRED', accountMessages.cardExpired],
    [{ cvc: '12' }, 'VALIDATION_FAILED', accountMessages.cardCvcInvalid],
  ])('refuses %j', async (override, code, message) => {
    const member = await registerMember(client);
    const response = await client.post('/api/verify-card', { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', ...override }, member.token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, message });
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(false);
  });
});

describe('profile and postcode lock', () => {
  /** Moves the member's last postcode change into the past, behind the API's back. */
  async function agePostcodeChange(userId: string, ms: number) {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    await server.database.db.update(users).set({ postcodeLastChanged: new Date(row.postcodeLastChanged!.getTime() - ms) }).where(eq(users.id, userId));
    server.app.contentVersion.bump();
  }

  it('lets a member correct their first postcode within the hour, then locks it for 30 days', async () => {
    const member = await registerMember(client);
    // spec 7: the check's answer is truthy when allowed and falsy while locked; the dates come with the member.
    expect((await client.get('/api/user/can-change-postcode', member.token)).body).toBe(true);
    expect((await client.get('/api/auth/me', member.token)).body).toMatchObject({ postcodeLockedUntil: null, postcodeCorrectionEndsAt: null });
    const first = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3065' } });
    expect(first.body).toMatchObject({ postcode: '3065', suburb: 'Fitzroy', state: 'VIC', postcodeLockedUntil: null });

    expect((await client.get('/api/user/can-change-postcode', member.token)).body).toBe(true);
    const correcting = await client.get('/api/auth/me', member.token);
    const correctionMinutes = (Date.parse(correcting.body.postcodeCorrectionEndsAt) - Date.now()) / 60_000;
    expect(correctionMinutes).toBeGreaterThan(59);
    expect(correctionMinutes).toBeLessThanOrEqual(60);

    const saved = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3068', suburb: 'fitzroy north' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ postcode: '3068', suburb: 'Fitzroy North', state: 'VIC' });

    const locked = await client.get('/api/user/can-change-postcode', member.token);
    expect([locked.status, locked.body]).toEqual([200, false]);
    const lock = await client.get('/api/auth/me', member.token);
    expect(lock.body).toMatchObject({ postcodeCorrectionEndsAt: null });
    expect(saved.body.postcodeLockedUntil).toBe(lock.body.postcodeLockedUntil);
    const unlockDays = (Date.parse(lock.body.postcodeLockedUntil) - Date.now()) / 86_400_000;
    expect(unlockDays).toBeGreaterThan(29.9);
    expect(unlockDays).toBeLessThanOrEqual(30);

    const second = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '2000' } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('POSTCODE_CHANGE_TOO_SOON');
    expect(second.body.message).toBe(postcodeLockedMessage(new Date(lock.body.postcodeLockedUntil)));
    expect((await client.get('/api/auth/me', member.token)).body.postcode).toBe('3068');

    // The suburb within the same postcode can still change.
    const suburb = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3068', suburb: 'Clifton Hill' } });
    expect(suburb.status).toBe(200);
    expect(suburb.body.suburb).toBe('Clifton Hill');

    await agePostcodeChange(member.user.id, 31 * 86_400_000);
    expect((await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '2000' } })).body.state).toBe('NSW');
  });

  it('locks a first postcode for 30 days from when it was set once the hour is over', async () => {
    const member = await registerMember(client);
    const first = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3065' } });
    await agePostcodeChange(member.user.id, 61 * 60_000);
    const unlock = new Date(Date.parse(first.body.postcodeLastChanged) - 61 * 60_000 + 30 * 86_400_000);
    expect((await client.get('/api/user/can-change-postcode', member.token)).body).toBe(false);
    expect((await client.get('/api/auth/me', member.token)).body).toMatchObject({ postcodeLockedUntil: unlock.toISOString(), postcodeCorrectionEndsAt: null });
    const late = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3068' } });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ code: 'POSTCODE_CHANGE_TOO_SOON', message: postcodeLockedMessage(unlock) });
  });

  it('saves the postcode\'s main locality when no suburb is chosen, and offers the others', async () => {
    const member = await registerMember(client);
    const saved = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3141' } });
    expect(saved.body).toMatchObject({ postcode: '3141', suburb: 'South Yarra', state: 'VIC' });
    expect((await client.get('/api/postcodes/3141')).body.suburbs).toEqual(['South Yarra', 'Chapel Street North']);
  });

  it('gives a postcode on the spec table\'s WA side of 5800 the state of its suburbs, the same on the profile and the lookup', async () => {
    const member = await registerMember(client);
    const saved = await client.call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '5950' } });
    expect(saved.body).toMatchObject({ postcode: '5950', suburb: 'Adelaide Airport', state: 'SA' });
    expect((await client.get('/api/postcodes/5950')).body.state).toBe('SA');
  });

  it.each([
    [{ postcode: '99999' }, 'VALIDATION_FAILED', accountMessages.postcodeInvalid],
    [{ postcode: 'abcd' }, 'VALIDATION_FAILED', accountMessages.postcodeInvalid],
    [{ postcode: '0001' }, 'POSTCODE_UNKNOWN', accountMessages.postcodeUnknown],
    [{ postcode: '2921' }, 'POSTCODE_UNKNOWN', accountMessages.postcodeUnknown],
    [{ postcode: '5800' }, 'POSTCODE_UNKNOWN', accountMessages.postcodeNotNeighbourhood],
    [{ postcode: '6800' }, 'POSTCODE_UNKNOWN', accountMessages.postcodeNotNeighbourhood],
    [{ postcode: '9999' }, 'POSTCODE_UNKNOWN', accountMessages.postcodeOutsideStates],
    [{ postcode: '3068', suburb: 'Bondi' }, 'SUBURB_NOT_IN_POSTCODE', accountMessages.suburbNotInPostcode],
    [{ postcode: '3068', state: 'NSW' }, 'STATE_MISMATCH', accountMessages.stateMismatch],
  ])('refuses %j', async (body, code, message) => {
    const member = await registerMember(client);
    const response = await client.call('PUT', '/api/user/profile', { token: member.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, message });
    expect((await client.get('/api/auth/me', member.token)).body.postcode).toBeNull();
  });

  it('looks up the suburbs of a postcode', async () => {
    const response = await client.get('/api/postcodes/3068');
    expect(response.body.state).toBe('VIC');
    expect(response.body.suburbs).toEqual(expect.arrayContaining(['Fitzroy North', 'Clifton Hill']));
    expect(await client.get('/api/postcodes/0001')).toMatchObject({ status: 404, body: { code: 'POSTCODE_NOT_FOUND' } });
    expect((await client.get('/api/postcodes/abc')).status).toBe(400);
    const poBoxes = await client.get('/api/postcodes/6800');
    expect([poBoxes.status, poBoxes.body.message]).toEqual([404, accountMessages.postcodeNotNeighbourhood]);
  });
});
