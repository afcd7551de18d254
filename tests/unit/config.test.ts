import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('settings', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.demoData).toBe(true);
    expect(config.isProduction).toBe(false);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', SMTP_URL: 'http://mail' });
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
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587', SMS_API_URL: 'https://sms.example.com/send' });
    expect(config.isProduction).toBe(true);
  });

  it('reads admin emails as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,second@example.com' }).adminEmails).toEqual([
      'boss@example.com',
      'second@example.com',
    ]);
  });
});
