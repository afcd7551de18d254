// Talks to the running server's API the way the e2e tests set things up: calls, the dev outbox, members.
export type ApiOptions = { token?: string; body?: unknown };
export type OutboxMessage = { to: string; channel: string; subject: string | null; text: string; createdAt: string };
export type ApiMember = { email: string; token: string; firstName: string };
export type MemberDetails = { firstName?: string; lastName?: string };
export type Api = ReturnType<typeof createApi>;

export const memberPassword = 'neighbourly-pass-1';

export function createApi(baseUrl: string) {
  let emailCounter = 0;

  /** The raw response, whatever its status. */
  function sendApi(method: string, url: string, options: ApiOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    return fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
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

  /** A member who has just joined: nothing verified yet. */
  async function registerMember({ firstName = 'Member', lastName = 'Nguyen' }: MemberDetails = {}): Promise<ApiMember> {
    emailCounter += 1;
    // Names may hold anything a person types (the stored-script tests use markup); the address may not.
    const email = `${firstName.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'member'}.${Date.now()}.${emailCounter}@example.com`;
    const { token } = await callApi<{ token: string }>('POST', '/api/auth/register', {
      body: { email, password: memberPassword, firstName, lastName },
    });
    return { email, token, firstName };
  }

  /** Register, verify the email with the mailed code and, when given, set a postcode. */
  async function createVerifiedMember({ postcode, ...details }: MemberDetails & { postcode?: string } = {}): Promise<ApiMember> {
    const member = await registerMember(details);
    await callApi('POST', '/api/send-verification-email', { token: member.token });
    await callApi('POST', '/api/verify-email', { token: member.token, body: { code: await latestCode(member.email) } });
    if (postcode) await callApi('PUT', '/api/user/profile', { token: member.token, body: { postcode } });
    return member;
  }

  return { sendApi, callApi, readOutbox, latestCode, registerMember, createVerifiedMember };
}
