// Abuse limits at their real size (multiplier 1), in memory and in Redis.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { errorMessages } from '../../src/domain/errors';
import { registerMember, uniqueEmail } from './support/factories';
import { createClient } from './support/http-client';
import { startTestServer } from './support/test-server';
import { redisForTests } from './support/test-redis';
import { useTestServer } from './support/use-test-server';

/**
 * Signs in from a chosen loopback address, so one test can play two places (Linux routes all of
 * 127.0.0.0/8 to lo). A real second address, not X-Forwarded-For, keeps this independent of
 * TRUST_PROXY. Each test uses its own address, so the 30-a-minute per-address limit stays out of
 * the way.
 */
function signInFrom(baseUrl: string, localAddress: string, credentials: { email: string; password: string }): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify({ email: credentials.email, password: credentials.password });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}/api/auth/login`,
      { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function signInTimes(times: number, attempt: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses = [];
  for (let index = 0; index < times; index += 1) statuses.push((await attempt()).status);
  return statuses;
}

describe('abuse limits in memory', () => {
  const { server, client } = useTestServer({ RATE_LIMIT_MULTIPLIER: '1' });

  it('stops one address guessing an account’s password after 10 wrong tries in 15 minutes, whatever the password', async () => {
    const member = await registerMember(client);
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push(await signInFrom(server.baseUrl, '127.0.0.11', { email: member.email, password: `guess-${attempt}` }));
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(answers[10].status).toBe(429);
    expect(answers[10].body).toEqual({ message: errorMessages.rateLimited, code: 'RATE_LIMITED' });
    const right = await signInFrom(server.baseUrl, '127.0.0.11', { email: member.email, password: member.password });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: errorMessages.rateLimited, code: 'RATE_LIMITED' });
  });

  it('lets the owner sign in from another address while a guesser is locked out', async () => {
    const member = await registerMember(client);
    const guesses = await signInTimes(10, () => signInFrom(server.baseUrl, '127.0.0.12', { email: member.email, password: 'a wrong guess' }));
    expect(guesses).toEqual(Array(10).fill(401));
    expect((await signInFrom(server.baseUrl, '127.0.0.12', { email: member.email.toUpperCase(), password: member.password })).status).toBe(429);

    const owner = await signInFrom(server.baseUrl, '127.0.0.13', { email: member.email, password: member.password });
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(member.email);
    expect((await signInFrom(server.baseUrl, '127.0.0.12', { email: member.email, password: member.password })).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const member = await registerMember(client);
    const statuses = await signInTimes(15, () => signInFrom(server.baseUrl, '127.0.0.14', member));
    expect(statuses).toEqual(Array(15).fill(200));
  });

  it('forgets an address’s wrong passwords once it signs in', async () => {
    const member = await registerMember(client);
    const wrong = () => signInFrom(server.baseUrl, '127.0.0.15', { email: member.email, password: 'a wrong guess' });
    const right = () => signInFrom(server.baseUrl, '127.0.0.15', member);
    expect(await signInTimes(9, wrong)).toEqual(Array(9).fill(401));
    expect((await right()).status).toBe(200);
    expect(await signInTimes(9, wrong)).toEqual(Array(9).fill(401));
    expect((await right()).status).toBe(200);
  });

  it('takes 20 profile saves an hour from one account, whatever the others do', async () => {
    const member = await registerMember(client);
    const save = (token: string) => client.call('PUT', '/api/user/profile', { token, body: { postcode: '3068' } });
    expect(await signInTimes(20, () => save(member.token))).toEqual(Array(20).fill(200));
    const over = await save(member.token);
    expect([over.status, over.body]).toEqual([429, { message: errorMessages.rateLimited, code: 'RATE_LIMITED' }]);
    expect((await save((await registerMember(client)).token)).status).toBe(200);
  });

  it('takes 120 event-stream tickets a minute from one account, whatever the others do', async () => {
    const member = await registerMember(client);
    const ticket = (token: string) => client.post('/api/events/ticket', undefined, token);
    expect(await signInTimes(120, () => ticket(member.token))).toEqual(Array(120).fill(200));
    const over = await ticket(member.token);
    expect([over.status, over.body]).toEqual([429, { message: errorMessages.rateLimited, code: 'RATE_LIMITED' }]);
    expect((await ticket((await registerMember(client)).token)).status).toBe(200);
  });

  it('takes 30 reports an hour from one account, whatever they name', async () => {
    const reporter = await registerMember(client);
    // Reports of members who do not exist: each is answered (404) and counted all the same.
    const report = () => client.post('/api/reports', { memberId: randomUUID(), reason: 'spam' }, reporter.token);
    const statuses = [];
    for (let index = 0; index < 30; index += 1) statuses.push((await report()).status);
    expect(statuses).toEqual(Array(30).fill(404));
    const over = await report();
    expect([over.status, over.body]).toEqual([429, { message: errorMessages.rateLimited, code: 'RATE_LIMITED' }]);
  });

  it('takes 10 phone number saves an hour from one account', async () => {
    const member = await registerMember(client);
    const save = (index: number) => client.call('PUT', '/api/user/phone', { token: member.token, body: { phone: `0412 000 ${String(100 + index)}` } });
    const statuses = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await save(index)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
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

const { url: sharedRedisUrl, note: redisNote } = await redisForTests();

describe.skipIf(!sharedRedisUrl)(`abuse limits shared through Redis${redisNote}`, () => {
  const redisUrl = sharedRedisUrl!;
  it('counts across two app servers', async () => {
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
      // Each count is named by its limit and what it counts, nothing undefined.
      const redis = new Redis(redisUrl);
      try {
        expect(await redis.exists(`neighbourly-rl:sign-in:failures:${email} 127.0.0.1`)).toBe(1);
        expect(await redis.exists('neighbourly-rl:login:ip:127.0.0.1')).toBe(1);
        expect(await redis.keys('neighbourly-rl:*undefined*')).toEqual([]);
      } finally {
        redis.disconnect();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('counts wrong passwords per address across two app servers, and a success on either clears them', async () => {
    const namespace = { REDIS_URL: redisUrl, RATE_LIMIT_MULTIPLIER: '1' };
    const servers = [await startTestServer(namespace), await startTestServer(namespace)];
    try {
      // Each test server has its own database: the same member joins both.
      const details = { email: uniqueEmail('shared-owner'), password: 'correct horse battery' };
      for (const server of servers) await registerMember(createClient(server.baseUrl), details);
      let turn = 0;
      const from = (address: string, password: string) => signInFrom(servers[turn++ % 2].baseUrl, address, { email: details.email, password });

      expect(await signInTimes(9, () => from('127.0.0.21', 'a wrong guess'))).toEqual(Array(9).fill(401));
      expect((await from('127.0.0.21', details.password)).status).toBe(200);
      expect(await signInTimes(10, () => from('127.0.0.21', 'a wrong guess'))).toEqual(Array(10).fill(401));
      expect(await signInTimes(2, () => from('127.0.0.21', details.password))).toEqual([429, 429]);
      expect(await signInTimes(2, () => from('127.0.0.22', details.password))).toEqual([200, 200]);
    } finally {
      for (const server of servers) await server.close();
    }
  });
});

describe('abuse limits while Redis is down', () => {
  it('counts in the process instead, so password guessing is still stopped, and says so in the log once', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = { level: 'warn', stream };
    const server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MULTIPLIER: '1' }, { logger });
    try {
      const member = await registerMember(createClient(server.baseUrl));
      const guesses = await signInTimes(11, () => signInFrom(server.baseUrl, '127.0.0.31', { email: member.email, password: 'a wrong guess' }));
      expect(guesses).toEqual([...Array(10).fill(401), 429]);
      expect((await signInFrom(server.baseUrl, '127.0.0.31', member)).status).toBe(429);
      // The owner elsewhere is not locked out.
      expect((await signInFrom(server.baseUrl, '127.0.0.32', member)).status).toBe(200);
      expect(lines.filter((line) => line.includes('abuse limits are counted in this process'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('many addresses guessing one account', () => {
  // Behind one proxy, X-Forwarded-For names the client, so one test can be any number of places.
  const { client } = useTestServer({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' });
  const signInAs = (address: string, credentials: { email: string; password: string }) =>
    client.call('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password }, headers: { 'x-forwarded-for': address } });

  it('counts an IPv6 client by its /64: new addresses in it get no new guesses, another /64 does', async () => {
    const member = await registerMember(client);
    const statuses = [];
    for (let host = 1; host <= 11; host += 1) statuses.push((await signInAs(`2001:db8:7:42::${host.toString(16)}`, { email: member.email, password: 'a wrong guess' })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await signInAs('2001:db8:7:42:ffff:1:2:3', member)).status).toBe(429);
    expect((await signInAs('2001:db8:7:43::1', member)).status).toBe(200);
    // An IPv4 client written as IPv6 is the same client.
    for (let attempt = 0; attempt < 10; attempt += 1) await signInAs('198.51.100.7', { email: member.email, password: 'a wrong guess' });
    expect((await signInAs('::ffff:198.51.100.7', member)).status).toBe(429);
  });

  it('slows guesses at one account from many addresses, but never stops its owner at a known address', async () => {
    const member = await registerMember(client);
    // The owner signed in from home before the guessing started.
    expect((await signInAs('203.0.113.200', member)).status).toBe(200);
    const guesses = [];
    for (let address = 1; address <= 32; address += 1) guesses.push(await signInAs(`198.51.${address}.1`, { email: member.email, password: `guess ${address}` }));
    expect(guesses.slice(0, 31).map((answer) => answer.status)).toEqual(Array(31).fill(401));
    expect([guesses[31].status, guesses[31].body]).toEqual([429, { message: errorMessages.signInSlowed, code: 'RATE_LIMITED' }]);
    // Yet another fresh address, with the right password this time: slowed as well, not let in on the guessers' pace.
    expect((await signInAs('198.51.99.1', member)).status).toBe(429);
    // Home is known: no wait.
    expect((await signInAs('203.0.113.200', member)).status).toBe(200);
    // A password reset still works from anywhere.
    expect((await client.call('POST', '/api/auth/reset-password-request', { body: { email: member.email }, headers: { 'x-forwarded-for': '198.51.99.2' } })).status).toBe(200);
  });
});

describe('contact form', () => {
  const { client } = useTestServer({ RATE_LIMIT_MULTIPLIER: '1', ADMIN_EMAILS: 'help@example.com' });

  it('tells the admins, refuses bad input, and takes 5 an hour from one address', async () => {
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
