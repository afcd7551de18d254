import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'marketplace-config-'));

/** Everything production needs, so each test can take one thing away. */
const production = {
  NODE_ENV: 'production',
  APP_SECRET: '3f9c0a7be21d4c58a6e0f4d2b17c9e83a5d06b4f1e2c7a98',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://neighbourly.example',
  SMS_API_URL: 'https://sms.example.com/send',
  STRIPE_SECRET_KEY: 'sk_live_51NzQ8rKf3aTb7Wc2Xy9Lm4Pq6Rs1Uv0Hd5Jg8Ke',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_Q7mZ2vK9pR4tX8wB1nL6cF3yH5jD0sGa',
};

function problemsOf(environment: Record<string, string>): string {
  try {
    loadConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
}

describe('settings', () => {
  it('has safe local defaults: demo data, and only this computer can reach the server', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.isProduction).toBe(false);
    expect(config.host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: freshDataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps the data under ./data by default', () => {
    expect(loadConfig({ APP_SECRET: 'a-local-secret' }).dataDir).toMatch(/data$/);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ DATA_DIR: freshDataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://nope', SMTP_URL: 'http://mail' });
      expect.unreachable('a bad config must throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('refuses production without a real secret and real mail', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET[\s\S]*SMTP_URL/);
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.host).toBe('0.0.0.0');
  });

  it("refuses production with a placeholder or hand-typed secret, naming each (anyone who reads it could sign what it signs)", () => {
    const placeholder = 'change-me-to-the-output-of-openssl-rand-hex-32';
    expect(problemsOf({ ...production, APP_SECRET: placeholder })).toMatch(/APP_SECRET is a placeholder \(it contains "change-me"\): make one with openssl rand -hex 32/);
    expect(problemsOf({ ...production, APP_SECRET: 'q'.repeat(48) })).toMatch(/APP_SECRET does not look random/);
    expect(problemsOf({ ...production, APP_SECRET: 'abcdef'.repeat(8) })).toMatch(/APP_SECRET does not look random/);
    expect(problemsOf({ ...production, APP_SECRET: 'neighbourly-production-sekret' })).toMatch(/APP_SECRET must have at least 32 random characters/);
    expect(problemsOf({ ...production, METRICS_TOKEN: 'change-me-to-the-output-of-openssl-rand-hex-24' })).toMatch(/METRICS_TOKEN is a placeholder/);
    expect(problemsOf({ ...production, METRICS_TOKEN: 'a1b2c3d4e5f6a7b8' })).toMatch(/METRICS_TOKEN must have at least 32/);
    expect(problemsOf({ ...production, STRIPE_WEBHOOK_SECRET: 'whsec_change_me' })).toMatch(/STRIPE_WEBHOOK_SECRET is a placeholder/);
    // The prefix is not random: 32 characters after it.
    expect(problemsOf({ ...production, STRIPE_WEBHOOK_SECRET: 'whsec_Q7mZ2vK9pR4tX8wB1nL6' })).toMatch(/STRIPE_WEBHOOK_SECRET must have at least 32/);
    expect(problemsOf({ ...production, STRIPE_SECRET_KEY: 'sk_live_change_me' })).toMatch(/STRIPE_SECRET_KEY is a placeholder/);
    expect(problemsOf({ ...production, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'app', S3_SECRET_ACCESS_KEY: 'change-me-s3-secret-access-key' })).toMatch(/S3_SECRET_ACCESS_KEY is a placeholder/);
    expect(problemsOf({ ...production, SMS_API_KEY: 'change-me-sms-api-key' })).toMatch(/SMS_API_KEY is a placeholder/);
    expect(problemsOf({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'GOCSPX-aaaaaaaaaaaaaaaaaaaaaaaaaaaa' })).toMatch(/GOOGLE_CLIENT_SECRET does not look random/);
    expect(problemsOf({ ...production, DATABASE_URL: 'postgres://neighbourly:change-me-postgres-password@db:5432/neighbourly' })).toMatch(/DATABASE_URL holds a password that is a placeholder/);
    expect(problemsOf({ ...production, SMTP_URL: 'smtps://change-me:change-me@smtp.example.com:465' })).toMatch(/SMTP_URL holds a password that is a placeholder/);
    // Two webhook secrets while one replaces the other: each is checked.
    expect(problemsOf({ ...production, STRIPE_WEBHOOK_SECRET: `${production.STRIPE_WEBHOOK_SECRET},whsec_old` })).toMatch(/STRIPE_WEBHOOK_SECRET must have at least 32/);
    // Real values pass: openssl's output, a provider's key, a two-secret rotation.
    for (let run = 0; run < 200; run += 1) {
      expect(problemsOf({ ...production, APP_SECRET: randomBytes(32).toString('hex'), METRICS_TOKEN: randomBytes(16).toString('hex') })).toBe('');
    }
    expect(problemsOf({ ...production, STRIPE_WEBHOOK_SECRET: `${production.STRIPE_WEBHOOK_SECRET}, whsec_${randomBytes(24).toString('base64url')}` })).toBe('');
    // Outside production a local secret is anyone's choice.
    expect(problemsOf({ DATA_DIR: freshDataDir(), APP_SECRET: placeholder })).toBe('');
  });

  it('refuses production without its public https address: links in mail and pages are made from it', () => {
    const { PUBLIC_URL: _publicUrl, ...withoutPublicUrl } = production;
    expect(problemsOf(withoutPublicUrl)).toMatch(/PUBLIC_URL is required in production/);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://neighbourly.example' })).toMatch(/PUBLIC_URL must start with https:\/\/ in production/);
    expect(loadConfig(production).publicUrl).toBe('https://neighbourly.example');
  });

  it('has no demo data in production, and refuses DEMO_DATA=true there', () => {
    expect(loadConfig(production).demoData).toBe(false);
    expect(problemsOf({ ...production, DEMO_DATA: 'true' })).toMatch(/DEMO_DATA cannot be true in production/);
    expect(loadConfig({ ...production, DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('refuses production without Stripe: the built-in test payment provider would take anyone\'s test card', () => {
    const { STRIPE_SECRET_KEY: _secret, STRIPE_PUBLISHABLE_KEY: _publishable, STRIPE_WEBHOOK_SECRET: _webhook, ...withoutStripe } = production;
    expect(problemsOf(withoutStripe)).toMatch(/STRIPE_SECRET_KEY is required in production/);
    expect(loadConfig(production).stripe).not.toBeNull();
  });

  it('signs payment webhooks with a secret of this install, made once under DATA_DIR, when none is set', () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const again = loadConfig({ DATA_DIR: dataDir });
    const elsewhere = loadConfig({ DATA_DIR: freshDataDir() });
    expect(again.paymentsWebhookSecret).toBe(first.paymentsWebhookSecret);
    expect(elsewhere.paymentsWebhookSecret).not.toBe(first.paymentsWebhookSecret);
    // Not the value the code once derived from a constant anyone could read.
    const formerPublicSecret = createHmac('sha256', 'development-only-secret-change-me-in-production').update('payments-webhook').digest('hex');
    expect(first.paymentsWebhookSecret).not.toBe(formerPublicSecret);
    const file = path.join(dataDir, 'install-secret');
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('takes TRUST_PROXY as a number of proxies or their addresses, never plain true', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    expect(problemsOf({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY must say how many proxies/);
    expect(problemsOf({ DATA_DIR: dataDir, TRUST_PROXY: 'loadbalancer' })).toMatch(/TRUST_PROXY must be a number of proxies/);
    expect(problemsOf({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/99' })).toMatch(/TRUST_PROXY/);
  });

  it('takes Google sign-in all or nothing, naming the missing setting, and over HTTPS in production', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).google).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    expect(problemsOf({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toMatch(/GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set/);
    expect(problemsOf({ DATA_DIR: dataDir, GOOGLE_CLIENT_SECRET: 'secret' })).toMatch(/GOOGLE_CLIENT_ID is required when GOOGLE_CLIENT_SECRET is set/);
    expect(problemsOf({ DATA_DIR: dataDir, GOOGLE_ISSUER_URL: 'https://issuer.example.com' })).toMatch(/GOOGLE_ISSUER_URL only applies with GOOGLE_CLIENT_ID/);
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9000' };
    expect(loadConfig({ DATA_DIR: dataDir, ...google }).google?.issuerUrl).toBe('http://127.0.0.1:9000');
    expect(problemsOf({ ...production, ...google })).toMatch(/GOOGLE_ISSUER_URL must start with https:\/\/ in production/);
  });

  it('keeps /metrics off unless METRICS_TOKEN or METRICS_PORT is set, in production too', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toBeNull();
    expect(loadConfig({ ...production, DATA_DIR: dataDir }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toBeNull();
    const token = randomBytes(24).toString('hex');
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metrics).toEqual({ token, port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464, host: '127.0.0.1' });
    // In production too the tokenless port listens on loopback, though the server listens on every interface.
    expect(loadConfig({ ...production, DATA_DIR: dataDir, METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ token: undefined, port: 9464, host: '10.0.0.5' });
  });

  it('refuses a short METRICS_TOKEN and a METRICS_PORT that is no port or is PORT itself', () => {
    const dataDir = freshDataDir();
    expect(problemsOf({ DATA_DIR: dataDir, METRICS_TOKEN: 'secret' })).toMatch(/METRICS_TOKEN must be at least 16 characters/);
    for (const port of ['0', '65536', 'nine', '94.5']) expect(problemsOf({ DATA_DIR: dataDir, METRICS_PORT: port }), port).toMatch(/METRICS_PORT/);
    expect(problemsOf({ DATA_DIR: dataDir, PORT: '5000', METRICS_PORT: '5000' })).toMatch(/METRICS_PORT must differ from PORT/);
    expect(problemsOf({ DATA_DIR: dataDir, METRICS_HOST: '0.0.0.0' })).toMatch(/METRICS_HOST only applies with METRICS_PORT/);
  });

  it('drains for DRAIN_SECONDS after SIGTERM: 5 s in production, none elsewhere by default', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).drainMs).toBe(0);
    expect(loadConfig({ ...production, DATA_DIR: dataDir }).drainMs).toBe(5000);
    expect(loadConfig({ ...production, DATA_DIR: dataDir, DRAIN_SECONDS: '0' }).drainMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, DRAIN_SECONDS: '2.5' }).drainMs).toBe(2500);
    expect(problemsOf({ DATA_DIR: dataDir, DRAIN_SECONDS: '-1' })).toMatch(/DRAIN_SECONDS/);
    expect(problemsOf({ DATA_DIR: dataDir, DRAIN_SECONDS: '600' })).toMatch(/DRAIN_SECONDS/);
  });

  it('reads admin emails as a lower-cased list', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir(), ADMIN_EMAILS: ' Boss@Example.com, ,second@example.com' }).adminEmails).toEqual([
      'boss@example.com',
      'second@example.com',
    ]);
  });
});
