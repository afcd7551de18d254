// Talks to the running server's API the way the e2e tests set things up: calls, the dev outbox, members.
export type ApiOptions = { token?: string; body?: unknown };
export type OutboxMessage = { to: string; channel: string; subject: string | null; text: string; createdAt: string };
export type ApiMember = { email: string; token: string; firstName: string };
export type MemberDetails = { firstName?: string; lastName?: string; email?: string };
export type Api = ReturnType<typeof createApi>;

export const memberPassword = 'neighbourly-pass-1';

/** `baseUrl` may be a function, read at each call: a journey's server starts after its fixtures are made. */
export function createApi(baseUrl: string | (() => string)) {
  const readBaseUrl = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  let emailCounter = 0;
  let mobileCounter = 0;

  /** The raw response, whatever its status. */
  function sendApi(method: string, url: string, options: ApiOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    return fetch(`${readBaseUrl()}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  }

  /** The parsed JSON body (undefined when empty); throws when the answer is not OK. */
  async function callApi<T = unknown>(method: string, url: string, options: ApiOptions = {}): Promise<T> {
    const response = await sendApi(method, url, options);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Mail and SMS to `email`, newest first. */
  const readOutbox = (email: string) => callApi<OutboxMessage[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);

  /** The 6-digit code in the newest message to `email` (waited for: a reset code is mailed after the answer). */
  async function latestCode(email: string): Promise<string> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const [mail] = await readOutbox(email);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`No code mailed to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** An address no one has used yet, made from a name. */
  function uniqueEmail(name: string): string {
    emailCounter += 1;
    // Names may hold anything a person types (the stored-script tests use markup); the address may not.
    return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'member'}.${Date.now()}.${emailCounter}@example.com`;
  }

  /** A member who has just joined: nothing verified yet. */
  async function registerMember({ firstName = 'Member', lastName = 'Nguyen', email = uniqueEmail(firstName) }: MemberDetails = {}): Promise<ApiMember> {
    const response = await sendApi('POST', '/api/auth/register', { body: { email, password: memberPassword, firstName, lastName } });
    if (response.status !== 201) throw new Error(`Registering ${email} answered ${response.status}, not 201: ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    return { email, token, firstName };
  }

  /** Verifies the member's email with the code mailed to it, as the verify page does. */
  async function verifyEmail(member: { email: string; token: string }): Promise<void> {
    await callApi('POST', '/api/send-verification-email', { token: member.token });
    await callApi('POST', '/api/verify-email', { token: member.token, body: { code: await latestCode(member.email) } });
  }

  /** A mobile number no member of this server holds yet, as typed (0412 345 678) and as stored (+61412345678). */
  function uniqueMobile(): { typed: string; stored: string } {
    mobileCounter += 1;
    const digits = `${String(Date.now() % 10_000).padStart(4, '0')}${String(mobileCounter).padStart(4, '0')}`;
    return { typed: `04${digits}`, stored: `+614${digits}` };
  }

  /** Verifies a mobile number for the member with the texted code, as the phone page does; answers it as stored. */
  async function verifyPhone(member: { token: string }): Promise<string> {
    const mobile = uniqueMobile();
    await callApi('POST', '/api/phone/send-code', { token: member.token, body: { phone: mobile.typed } });
    await callApi('POST', '/api/verify-phone', { token: member.token, body: { code: await latestCode(mobile.stored) } });
    return mobile.stored;
  }

  /** Sets the member's postcode (and with it the suburb and state) through the profile. */
  async function setPostcode(member: { token: string }, postcode: string): Promise<void> {
    await callApi('PUT', '/api/user/profile', { token: member.token, body: { postcode } });
  }

  /** Register, verify the email with the mailed code and the phone with the texted one (the checks to trade), and, when given, set a postcode. */
  async function createVerifiedMember({ postcode, ...details }: MemberDetails & { postcode?: string } = {}): Promise<ApiMember> {
    const member = await registerMember(details);
    await verifyEmail(member);
    await verifyPhone(member);
    if (postcode) await setPostcode(member, postcode);
    return member;
  }

  return { sendApi, callApi, readOutbox, latestCode, uniqueEmail, registerMember, verifyEmail, verifyPhone, setPostcode, createVerifiedMember };
}
