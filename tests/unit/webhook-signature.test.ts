// Payment webhooks are signed as Stripe signs them, and STRIPE_WEBHOOK_SECRET may hold two secrets
// while one replaces the other (docs/deploy.md, "Rotating secrets").
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature, webhookSecrets } from '../../src/server/membership/webhook-signature';

const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
const raw = Buffer.from(body);
const oldSecret = 'whsec_old0000000000000000';
const newSecret = 'whsec_new1111111111111111';

const accepts = (setting: string, header: string) => {
  try {
    verifySignature(setting, raw, header);
    return true;
  } catch {
    return false;
  }
};

describe('webhook signatures', () => {
  it('accepts a signature by the secret and refuses one by another, a stale one or none', () => {
    expect(accepts(oldSecret, signPayload(oldSecret, body))).toBe(true);
    expect(accepts(oldSecret, signPayload(newSecret, body))).toBe(false);
    expect(accepts(oldSecret, signPayload(oldSecret, body, Math.floor(Date.now() / 1000) - 3600))).toBe(false);
    expect(accepts(oldSecret, '')).toBe(false);
  });

  it('accepts a signature by either of two comma-separated secrets while one replaces the other', () => {
    const both = `${newSecret}, ${oldSecret}`;
    expect(webhookSecrets(both)).toEqual([newSecret, oldSecret]);
    expect(accepts(both, signPayload(newSecret, body))).toBe(true);
    expect(accepts(both, signPayload(oldSecret, body))).toBe(true);
    expect(accepts(both, signPayload('whsec_someone_else', body))).toBe(false);
    expect(accepts(`${newSecret},`, signPayload(newSecret, body))).toBe(true);
  });

  it("accepts Stripe's header during a roll, which carries one v1 signature per active secret", () => {
    const t = Math.floor(Date.now() / 1000);
    const v1 = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const rolling = `t=${t},v1=${v1(newSecret)},v1=${v1(oldSecret)}`;
    expect(accepts(newSecret, rolling)).toBe(true);
    expect(accepts(oldSecret, rolling)).toBe(true);
  });
});
