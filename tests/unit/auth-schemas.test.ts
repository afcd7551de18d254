import { describe, expect, it } from 'vitest';
import { authMessages, loginBody, registerBody, resetConfirmBody, resetVerifyCodeBody } from '../../src/domain/auth';
import { avatarInitial, greetingName } from '../../src/domain/user';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('register body (spec 5)', () => {
  const valid = { email: 'Mia@Example.com ', password: '12345678', firstName: ' Mia ', lastName: 'Lee' };

  it('accepts a valid member and normalises the email and names', () => {
    const parsed = registerBody.parse(valid);
    expect(parsed).toEqual({ email: 'mia@example.com', password: '12345678', firstName: 'Mia', lastName: 'Lee' });
  });

  it.each([
    [{ email: 'mia' }, authMessages.invalidEmail],
    [{ email: undefined }, authMessages.invalidEmail],
    [{ password: '1234567' }, 'Password must be at least 8 characters'],
    [{ firstName: 'M' }, 'First name must be at least 2 characters'],
    [{ lastName: 'L' }, 'Last name must be at least 2 characters'],
  ])('refuses %j with the spec message', (override, message) => {
    expect(firstMessage(registerBody.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('keeps a password exactly as typed (no trimming)', () => {
    expect(registerBody.parse({ ...valid, password: '  spaced  ' }).password).toBe('  spaced  ');
  });
});

describe('login and reset bodies (spec 5)', () => {
  it('requires a password to sign in', () => {
    expect(firstMessage(loginBody.safeParse({ email: 'a@b.co', password: '' }))).toBe('Password is required');
  });

  it('needs a six-digit code', () => {
    expect(resetVerifyCodeBody.safeParse({ email: 'a@b.co', code: '012345' }).success).toBe(true);
    expect(firstMessage(resetVerifyCodeBody.safeParse({ email: 'a@b.co', code: '12345' }))).toBe('Verification code must be 6 characters');
    expect(firstMessage(resetVerifyCodeBody.safeParse({ email: 'a@b.co', code: '12a456' }))).toBe('Verification code must be 6 characters');
  });

  it('needs a new password of at least 8 characters', () => {
    expect(firstMessage(resetConfirmBody.safeParse({ email: 'a@b.co', code: '123456', password: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
  });
});

describe('greeting and avatar (spec 2 and 6)', () => {
  it("greets by first name, else 'Mate'", () => {
    expect(greetingName({ firstName: 'Jack' })).toBe('Jack');
    expect(greetingName({ firstName: '  ' })).toBe('Mate');
    expect(greetingName(null)).toBe('Mate');
  });

  it('takes the avatar initial from the first name, else the email, else M', () => {
    expect(avatarInitial({ firstName: 'zoe', email: 'x@y.z' })).toBe('Z');
    expect(avatarInitial({ firstName: null, email: 'kate@y.z' })).toBe('K');
    expect(avatarInitial({ firstName: null, email: '' })).toBe('M');
  });
});
