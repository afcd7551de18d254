// Reads the development outbox the server writes mail to when it has no SMTP transport.
type OutboxMessage = { to: string; channel: string; subject: string | null; text: string; createdAt: string };

export async function readLatestCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  const messages = (await response.json()) as OutboxMessage[];
  // Newest first.
  const message = messages.find((entry) => entry.to.toLowerCase() === email.toLowerCase());
  if (!message) throw new Error(`No mail to ${email} in the outbox`);
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match) throw new Error(`No 6-digit code in the mail to ${email}: ${message.text}`);
  return match[1];
}
