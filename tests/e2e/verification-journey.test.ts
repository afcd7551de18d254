// A member becomes a verified neighbour: email code, SMS code and a test card, then sets their
// postcode; in a real Chromium against the built app.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountMessages, postcodeLockedMessage } from '../../src/domain';
import { expectVisible, toastTitled } from './support/browser';
import { useJourney } from './support/journey';

const { api, openPageAs, captureBothSizes, newMember } = useJourney({ name: 'verification-journey' });

/** The 6-digit code in the newest mail or SMS to `to` (GET /api/dev/outbox?to=...). */
async function readCode(to: string, channel: 'email' | 'sms'): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const messages = await api.readOutbox(to);
    const message = messages.find((entry) => (channel === 'sms' ? entry.channel === 'sms' : entry.channel !== 'sms'));
    const match = message && /\b(\d{6})\b/.exec(message.text);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${channel} code to ${to} in the outbox`);
}

/** A 6-digit code that is certainly not `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** A toast's description, inside the toast area (not Radix's spoken copy of it). */
function toastSaying(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

function statusLine(page: Page, label: 'Email' | 'Phone' | 'Card') {
  return page.getByRole('list', { name: 'Verification status' }).first().getByRole('listitem').filter({ hasText: label });
}

async function expectStatus(page: Page, label: 'Email' | 'Phone' | 'Card', state: 'Verified' | 'Pending'): Promise<void> {
  await expectVisible(statusLine(page, label).getByText(state, { exact: true }));
}

describe('becoming a verified neighbour', () => {
  it('a new member verifies email, phone and card, then sets a postcode, corrects it once, and it locks for 30 days', async () => {
    const { email, token } = await newMember({ firstName: 'Jo', lastName: 'Walker' });
    const page = await openPageAs({ token });

    // Email: a short code, a wrong code, then the right one.
    await page.goto('/verify-email');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Verify your email' }));
    expect(await page.title()).toBe('Verify your email | Neighbourly');
    await expectVisible(page.getByRole('main').getByText(email));
    await captureBothSizes(page, 'verify-email');

    const emailCode = page.getByLabel('Verification code');
    expect(await emailCode.getAttribute('inputmode')).toBe('numeric');
    expect(await emailCode.getAttribute('autocomplete')).toBe('one-time-code');
    await emailCode.fill('12a3');
    expect(await emailCode.inputValue()).toBe('123');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expectVisible(toastTitled(page, 'Invalid Code'));
    await expectVisible(toastSaying(page, accountMessages.emailCodeInvalid));

    await page.getByRole('button', { name: 'Send Code' }).click();
    await expectVisible(toastTitled(page, 'Verification Email Sent!'));
    const code = await readCode(email, 'email');
    await emailCode.fill(wrongCode(code));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expectVisible(toastTitled(page, 'Verification Failed'));

    await emailCode.fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expectVisible(toastTitled(page, 'Email Verified!'));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Email Verified!' }));
    await expectVisible(page.getByRole('link', { name: 'Go to Account' }));
    await page.waitForURL('**/account', { timeout: 5_000 });
    await expectStatus(page, 'Email', 'Verified');
    await expectStatus(page, 'Phone', 'Pending');

    // Phone: the checks before sending, a wrong code, then the right one.
    await page.goto('/verify-phone');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Verify your phone number' }));
    expect(await page.title()).toBe('Verify your phone | Neighbourly');
    await expectVisible(page.getByRole('heading', { name: 'Why verify your phone?' }));
    const phoneField = page.getByLabel('Mobile number');
    expect(await phoneField.getAttribute('placeholder')).toBe('0412 345 678');
    await expectVisible(page.getByText('We add +61 automatically.'));
    await captureBothSizes(page, 'verify-phone');

    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectVisible(toastTitled(page, 'Phone Number Required'));
    await phoneField.fill('0212 345');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectVisible(toastSaying(page, accountMessages.phoneInvalid));

    await phoneField.fill('0412 345 678');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectVisible(toastTitled(page, 'Code Sent!'));
    const smsField = page.getByLabel('Verification code');
    expect(await smsField.getAttribute('maxlength')).toBe('6');
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await expectVisible(toastTitled(page, 'Verification Code Required'));

    const smsCode = await readCode('+61412345678', 'sms');
    await smsField.fill(wrongCode(smsCode));
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await expectVisible(toastTitled(page, 'Invalid Code'));
    await expectVisible(toastSaying(page, 'The verification code is incorrect. Please try again.'));

    await smsField.fill(smsCode);
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await expectVisible(toastTitled(page, 'Phone Verified!'));
    await page.waitForURL('**/account', { timeout: 5_000 });
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Your account' }));
    expect(await page.title()).toBe('Account | Neighbourly');
    await expectStatus(page, 'Phone', 'Verified');
    await expectStatus(page, 'Card', 'Pending');

    // The phone is now saved: Update stays off until the number (normalised) differs.
    const accountPhone = page.getByLabel('Mobile number');
    expect(await accountPhone.inputValue()).toBe('0412 345 678');
    const update = page.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await accountPhone.fill('+61412345678');
    expect(await update.isDisabled()).toBe(true);
    await accountPhone.fill('0412 345 679');
    expect(await update.isEnabled()).toBe(true);
    await accountPhone.fill('0412 345 678');

    // Already verified: the phone page says so and goes back to the account.
    await page.goto('/verify-phone');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Phone Already Verified!' }));
    await page.waitForURL('**/account', { timeout: 5_000 });

    // Card: the test card passes.
    const cardNumber = page.getByLabel('Card number');
    expect(await cardNumber.getAttribute('autocomplete')).toBe('cc-number');
    expect(await cardNumber.getAttribute('inputmode')).toBe('numeric');
    await expectVisible(page.getByText("It won't be charged unless you upgrade your membership."));
    await cardNumber.fill('4242424242424242');
    expect(await cardNumber.inputValue()).toBe('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expectVisible(toastTitled(page, 'Card Verified!'));
    await expectStatus(page, 'Email', 'Verified');
    await expectStatus(page, 'Phone', 'Verified');
    await expectStatus(page, 'Card', 'Verified');
    await expectVisible(page.getByText('Verified neighbour').first());
    await expectVisible(page.getByText('Your card is verified.', { exact: false }));

    // A first postcode, then its one free correction within the hour; after that it locks until the date the server gives.
    await expectVisible(page.getByText('Explorer', { exact: true }).first());
    await expectVisible(page.getByRole('link', { name: /Compare membership plans/ }));
    const postcode = page.getByLabel('Postcode');
    const suburb = page.getByLabel('Suburb');
    await postcode.fill('3065');
    await expect.poll(() => suburb.inputValue(), { timeout: 15_000 }).toBe('Fitzroy');
    expect(await page.getByLabel('State').inputValue()).toBe('VIC');
    await expectVisible(page.getByText(accountMessages.postcodeCorrectionAllowed, { exact: false }));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Change your postcode?' }));
    await page.getByRole('button', { name: 'Yes, save my new postcode' }).click();
    await expectVisible(toastTitled(page, 'Profile Updated!'));
    await expect.poll(async () => (await api.callApi<{ postcode: string }>('GET', '/api/auth/me', { token })).postcode, { timeout: 15_000 }).toBe('3065');
    await expectVisible(page.getByText(accountMessages.postcodeCorrectionAllowed, { exact: true }));
    expect(await postcode.isDisabled()).toBe(false);

    await postcode.fill('3068');
    await expect.poll(() => suburb.locator('option').allTextContents(), { timeout: 15_000 }).toContain('Fitzroy North');
    // The postcode's main locality is chosen until the member picks another.
    expect(await suburb.inputValue()).toBe('Clifton Hill');
    expect(await page.getByLabel('State').inputValue()).toBe('VIC');
    await suburb.selectOption('Fitzroy North');
    await expectVisible(page.getByText("you can't change it again for 30 days", { exact: false }));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Change your postcode?' }));
    await page.getByRole('button', { name: 'Yes, save my new postcode' }).click();
    await expect.poll(() => postcode.isDisabled(), { timeout: 15_000 }).toBe(true);

    // spec 7: the check answers whether the postcode may change; the lock's date comes with the member.
    expect(await api.callApi<boolean>('GET', '/api/user/can-change-postcode', { token })).toBe(false);
    const me = await api.callApi<{ postcode: string; suburb: string; state: string; postcodeLockedUntil: string | null }>('GET', '/api/auth/me', { token });
    expect(me).toMatchObject({ postcode: '3068', suburb: 'Fitzroy North', state: 'VIC' });
    expect(me.postcodeLockedUntil).not.toBeNull();
    await expectVisible(page.getByText(postcodeLockedMessage(new Date(me.postcodeLockedUntil!)), { exact: false }));
    expect(await postcode.inputValue()).toBe('3068');
    expect(await suburb.inputValue()).toBe('Fitzroy North');

    await captureBothSizes(page, 'account');
  });

  it('a declined test card shows the decline and the card stays pending', async () => {
    const { email, token } = await newMember({ firstName: 'Kim', lastName: 'Walker' });
    const page = await openPageAs({ token });

    // With the email not yet verified, the phone page sends the member to verify it first.
    await page.goto('/verify-phone');
    await page.waitForURL('**/verify-email');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Verify your email' }));

    await api.verifyEmail({ email, token });
    await page.goto('/account');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Your account' }));
    await expectStatus(page, 'Email', 'Verified');
    await expectVisible(page.getByRole('link', { name: 'Verify Now' }).first());
    await captureBothSizes(page, 'account-pending');

    // Saving a phone number: Update, then the number waits for its SMS check.
    const update = page.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Mobile number').fill('0412999888');
    await update.click();
    await expectVisible(toastTitled(page, 'Phone Updated!'));
    await expectVisible(toastSaying(page, 'Please verify it to complete setup.'));
    await expectVisible(page.getByText('Not verified yet.'));
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('0412 999 888');
    expect(await update.isDisabled()).toBe(true);
    expect(await api.callApi<{ phone: string }>('GET', '/api/auth/me', { token })).toMatchObject({ phone: '+61412999888' });

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expectVisible(toastTitled(page, 'Card Verification Failed'));
    await expectVisible(toastSaying(page, accountMessages.cardDeclined));
    await expectStatus(page, 'Card', 'Pending');
    expect(await page.getByText('Verified neighbour').count()).toBe(0);
  });

  it('Change Phone Number returns to the number with the code cleared', async () => {
    const { email, token } = await newMember({ firstName: 'Lee', lastName: 'Walker' });
    await api.verifyEmail({ email, token });
    const page = await openPageAs({ token });

    await page.goto('/verify-phone');
    await page.getByLabel('Mobile number').fill('0412 000 111');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectVisible(toastTitled(page, 'Code Sent!'));
    await page.getByLabel('Verification code').fill('123');
    await page.getByRole('button', { name: 'Change Phone Number' }).click();
    await expectVisible(page.getByLabel('Mobile number'));
    expect(await page.getByLabel('Verification code').count()).toBe(0);

    // A second code within the minute is refused with the server's words.
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectVisible(toastTitled(page, 'Error Sending Code'));
    await expectVisible(toastSaying(page, accountMessages.resendTooSoon));

    // Phone verification needs no card; the SMS went to the number in international form.
    expect(await readCode('+61412000111', 'sms')).toMatch(/^\d{6}$/);
  });
});
