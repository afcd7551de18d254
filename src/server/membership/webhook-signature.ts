// Webhook signatures in the scheme Stripe uses: header "t=<unix seconds>,v1=<hex HMAC-SHA256 of
// `${t}.${raw body}`>". The built-in test provider signs its events the same way, so one check
// serves both. STRIPE_WEBHOOK_SECRET may hold two secrets, comma-separated, while a new one
// replaces the old (docs/deploy.md, "Rotating secrets"): a signature by either is accepted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../domain/errors';

const toleranceSeconds = 300;

export function signPayload(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The secrets a webhook setting names: one, or several separated by commas. */
export function webhookSecrets(setting: string): string[] {
  return setting
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
}

export function verifySignature(secretSetting: string, rawBody: Buffer, header: string | undefined, now = Date.now()): void {
  const forged = () => new AppError('WEBHOOK_SIGNATURE_INVALID');
  if (!header) throw forged();
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [key, ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()];
    }),
  );
  const timestamp = Number(parts.t);
  const signatures = header
    .split(',')
    .filter((part) => part.trim().startsWith('v1='))
    .map((part) => part.trim().slice(3));
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw forged();
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) throw forged();
  const expected = webhookSecrets(secretSetting).map((secret) => createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest());
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return expected.some((digest) => given.length === digest.length && timingSafeEqual(given, digest));
  });
  if (!matches) throw forged();
}
