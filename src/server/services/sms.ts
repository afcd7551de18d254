// Text messages go out through one SmsSender: an HTTP SMS provider when SMS_API_URL is set,
// otherwise the dev outbox (never in production; config refuses that).
import type { Config } from '../config';
import type { Database } from '../db/open-database';
import { devOutbox } from '../db/schema';

export type SmsMessage = { to: string; text: string };

export type SmsSender = {
  kind: 'http' | 'outbox';
  send: (message: SmsMessage) => Promise<void>;
};

/**
 * A provider that takes a JSON POST {to, from, text} with a bearer key, which is the shape of
 * most SMS gateways' send call (and of a small proxy in front of one that is not).
 */
function createHttpSmsSender(options: { url: string; apiKey: string | undefined; from: string }): SmsSender {
  return {
    kind: 'http',
    send: async (message) => {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ to: message.to, from: options.from, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

function createOutboxSmsSender(db: Database): SmsSender {
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(devOutbox).values({ to: message.to, channel: 'sms', subject: null, text: message.text });
    },
  };
}

export function createSmsSender(config: Config, db: Database): SmsSender {
  if (config.smsApiUrl) return createHttpSmsSender({ url: config.smsApiUrl, apiKey: config.smsApiKey, from: config.smsFrom });
  return createOutboxSmsSender(db);
}
