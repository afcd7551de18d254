// Members made through the real API, each with a unique email.
import { randomUUID } from 'node:crypto';
import type { createClient } from './http-client';

type Client = ReturnType<typeof createClient>;

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function registerMember(client: Client, overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  const details = {
    email: uniqueEmail(),
    password: 'correct horse battery',
    firstName: 'Charlotte',
    lastName: 'Nguyen',
    ...overrides,
  };
  const response = await client.post('/api/auth/register', details);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...details, token: response.body.token as string, user: response.body.user };
}

/** The newest six-digit code mailed to an address, read from the dev outbox. */
export async function latestCodeFor(client: Client, email: string): Promise<string> {
  const response = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = response.body.find((item: { text: string }) => /\b\d{6}\b/.test(item.text));
  if (!mail) throw new Error(`no code mailed to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}
