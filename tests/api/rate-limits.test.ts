// Abuse limits at their real size (multiplier 1), in memory and in Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { errorMessages } from '../../src/domain/errors';
import { registerMember, uniqueEmail } from './support/factories';
import { createClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('abuse limits in memory', () => {
  let server: TestServer;
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    client = createClient(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stops guessing one account’s password after 10 tries in 15 minutes, whatever the password', async () => {
    const member = await registerMember(client);
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push(await client.post('/api/auth/login', { email: member.email, password: `guess-${attempt}` }));
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(answers[10].status).toBe(429);
    expect(answers[10].body).toEqual({ message: errorMessages.rateLimited, code: 'RATE_LIMITED' });
    const right = await client.post('/api/auth/login', { email: member.email, password: member.password });
    expect(right.status).toBe(429);
  });

  it('limits code checks per email, on top of the five tries per code', async () => {
    const email = uniqueEmail('brute');
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await client.post('/api/auth/reset-password-verify-code', { email, code: String(100000 + attempt) })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('abuse limits shared through Redis', () => {
  it('counts across two app servers', async () => {
    if (!(await redisReachable())) {
      // No Redis on this machine: the in-memory store above carries the limits.
      expect(process.env.CI_REQUIRE_REDIS).not.toBe('true');
      return;
    }
    const namespace = { REDIS_URL: redisUrl, RATE_LIMIT_MULTIPLIER: '1' };
    const first = await startTestServer(namespace);
    const second = await startTestServer(namespace);
    try {
      const email = uniqueEmail('shared');
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const server = attempt % 2 === 0 ? first : second;
        statuses.push((await createClient(server.baseUrl).post('/api/auth/login', { email, password: 'wrong password' })).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('contact form', () => {
  let server: TestServer;
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1', ADMIN_EMAILS: 'help@example.com' });
    client = createClient(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('mails the admins with a reply-to, refuses bad input, and takes 5 an hour from one address', async () => {
    const sent = await client.post('/api/contact', { name: 'Ruby', email: 'ruby@example.com', message: 'How do I change my suburb?' });
    expect(sent.status).toBe(200);
    const mail = (await client.get('/api/dev/outbox?to=help%40example.com')).body[0];
    expect(mail.subject).toContain('Ruby');
    expect(mail.text).toContain('How do I change my suburb?');
    expect((await client.post('/api/contact', { name: 'Ruby', email: 'ruby@example.com', message: 'short' })).status).toBe(400);
    const statuses = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await client.post('/api/contact', { name: 'Ruby', email: 'ruby@example.com', message: 'Another question for the team' })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
