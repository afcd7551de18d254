// Members made through the real API, each with a unique email.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { MembershipTier } from '../../../src/domain/tiers';
import type { Database } from '../../../src/server/db/open-database';
import { users } from '../../../src/server/db/schema';
import { findPostcode } from '../../../src/server/postcodes/postcode-directory';
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

/**
 * The newest six-digit code mailed to an address, read from the dev outbox. Some mail goes out
 * after the answer (a reset code), so it is waited for, a few seconds at most.
 */
export async function latestCodeFor(client: Client, email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = response.body.find((item: { text: string }) => /\b\d{6}\b/.test(item.text));
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1];
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Proves the member's email with the mailed code, as the verification page does. */
export async function verifyEmailOf(client: Client, member: { email: string; token: string }) {
  const sent = await client.post('/api/send-verification-email', undefined, member.token);
  if (sent.status !== 200) throw new Error(`send-verification-email failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const verified = await client.post('/api/verify-email', { code: await latestCodeFor(client, member.email) }, member.token);
  if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status} ${JSON.stringify(verified.body)}`);
}

let mobileCounter = 0;

/** An Australian mobile number no other member of the run holds, as stored (+614…). */
export function uniqueMobile(): string {
  mobileCounter += 1;
  return `+614${String(process.pid % 100).padStart(2, '0')}${String(mobileCounter).padStart(6, '0')}`;
}

/** Verifies a new number for the member with the texted code (the dev outbox), as the phone page does. */
export async function verifyPhoneOf(client: Client, token: string): Promise<string> {
  const phone = uniqueMobile();
  const sent = await client.post('/api/phone/send-code', { phone: `0${phone.slice(3)}` }, token);
  if (sent.status !== 200) throw new Error(`phone/send-code failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const code = /\b(\d{6})\b/.exec(outbox.body[0]?.text ?? '')?.[1];
  const verified = await client.post('/api/verify-phone', { code }, token);
  if (verified.status !== 200) throw new Error(`verify-phone failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return phone;
}

/** Marks a member's phone verified (a number of their own), as the phone page would after its code. */
export async function markPhoneVerified(db: Database, userId: string): Promise<string> {
  const phone = uniqueMobile();
  await db.update(users).set({ phone, isPhoneVerified: true }).where(eq(users.id, userId));
  return phone;
}

/** A member ready to trade (decision 35): email and phone verified, a postcode set, on the tier asked for. */
export async function sellerMember(
  client: Client,
  db: Database,
  options: { tier?: MembershipTier; postcode?: string; firstName?: string; emailVerified?: boolean; phoneVerified?: boolean } = {},
) {
  const member = await registerMember(client, { firstName: options.firstName ?? 'Charlotte' });
  const postcode = options.postcode ?? '3068';
  const place = findPostcode(postcode);
  if (!place) throw new Error(`unknown postcode ${postcode}`);
  await db
    .update(users)
    .set({
      isEmailVerified: options.emailVerified ?? true,
      ...(options.phoneVerified ?? true ? { phone: uniqueMobile(), isPhoneVerified: true } : {}),
      membershipTier: options.tier ?? 'explorer',
      postcode,
      suburb: place.suburbs[0],
      state: place.state,
    })
    .where(eq(users.id, member.user.id));
  return member;
}

export const validListing = {
  title: 'Vintage record player',
  description: 'Works perfectly, plays 33 and 45 rpm records. Pickup only.',
  price: '85.50',
  category: 'electronics',
  imageUrls: [] as string[],
};

/** A real photo made on the spot. */
export async function makePhoto(options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp'; exif?: boolean } = {}) {
  const image = sharp({
    create: { width: options.width ?? 800, height: options.height ?? 600, channels: 3, background: { r: 236, g: 77, b: 55 } },
  });
  const withMetadata = options.exif
    ? image.withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '37/1 48/1 0/1' } })
    : image;
  return withMetadata.toFormat(options.format ?? 'jpeg').toBuffer();
}

export async function uploadPhoto(baseUrl: string, token: string, bytes: Buffer, options: { filename?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'image', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }), options.filename ?? 'photo.jpg');
  const response = await fetch(`${baseUrl}/api/uploads/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

/** A minimal file with a real MP4 signature ("ftyp" box) followed by filler. */
export function fakeMp4(bytes = 4096): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 1)]);
}

export type VideoUpload = { bytes?: Buffer; displayName?: string; type?: string; filename?: string };

/** An admin's homepage video upload (multipart "video" and "displayName"). */
export async function uploadVideoTo(baseUrl: string, token: string | undefined, options: VideoUpload = {}) {
  const form = new FormData();
  form.append('displayName', options.displayName ?? 'Spring in the neighbourhood');
  form.append('video', new Blob([new Uint8Array(options.bytes ?? fakeMp4())], { type: options.type ?? 'video/mp4' }), options.filename ?? 'clip.mp4');
  const response = await fetch(`${baseUrl}/api/admin/homepage-videos`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

export type OutboxMail = { to: string; subject: string; text: string; headers: Record<string, string> | null; createdAt: string };

/**
 * The mail sent to an address, newest first, once the app's background work (where conversation
 * mails go out) has ended.
 */
export async function mailsTo(server: { app: { background: { drain: () => Promise<void> } } }, client: Client, email: string): Promise<OutboxMail[]> {
  await server.app.background.drain();
  const response = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&limit=100`);
  if (response.status !== 200) throw new Error(`outbox: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as OutboxMail[];
}
