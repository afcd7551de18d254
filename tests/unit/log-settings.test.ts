import { describe, expect, it } from 'vitest';
import { describeErrorForLog, redactUrl } from '../../src/server/http/log-settings';

describe('URLs in the logs', () => {
  it('blank every query value (codes, invitations, searches) and keep the names', () => {
    expect(redactUrl('/verify-email?code=123456')).toBe('/verify-email?code=[redacted]');
    expect(redactUrl('/auth?mode=register&invite=abc.def&Token=xyz')).toBe('/auth?mode=[redacted]&invite=[redacted]&Token=[redacted]');
    expect(redactUrl('/api/admin/users?search=someone%40example.com')).toBe('/api/admin/users?search=[redacted]');
    expect(redactUrl('/api/listings')).toBe('/api/listings');
    expect(redactUrl('/auth?%63ode=654321&flag')).toBe('/auth?%63ode=[redacted]&flag');
  });

  it('blank the path segments a route declares secret, whatever they look like, and keep ids, page and file names', () => {
    expect(redactUrl('/api/invitations/Zk3x9QvT2mPq8LwY4nRb6sHd1JcF5gA7eU0oKiXy')).toBe('/api/invitations/[redacted]');
    // Letters only, or short: still the invitation's token.
    expect(redactUrl('/api/invitations/ZkxQvTmPqLwYnRbsHdJcFgAeUoKiXy')).toBe('/api/invitations/[redacted]');
    expect(redactUrl('/api/invitations/abc')).toBe('/api/invitations/[redacted]');
    expect(redactUrl('/api/invitations/abc/?x=1')).toBe('/api/invitations/[redacted]/?x=[redacted]');
    expect(redactUrl('/api/invitations')).toBe('/api/invitations');
    expect(redactUrl('/api/listings/0b6f6c1e-3f1a-4c55-9a53-1d2f0e7c9b11')).toBe('/api/listings/0b6f6c1e-3f1a-4c55-9a53-1d2f0e7c9b11');
    expect(redactUrl('/community-guidelines-and-safety')).toBe('/community-guidelines-and-safety');
    expect(redactUrl('/assets/index-D8f3kLq2.js')).toBe('/assets/index-D8f3kLq2.js');
  });
});

describe('errors in the logs', () => {
  it('keep a failed query’s SQL and cause but not the values it was given', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email", "password") values ($1, $2)\nparams: someone@example.com,$argon2id$v=19$secret'), {
      query: 'insert into "users" ("email", "password") values ($1, $2)',
      params: ['someone@example.com', '$argon2id$v=19$secret'],
      cause,
    });
    const logged = JSON.stringify(describeErrorForLog(failed));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('someone@example.com');
    expect(logged).not.toContain('argon2id');
  });
});
