import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/http/log-settings';

describe('URLs in the logs', () => {
  it('blank the codes and tokens that links from mail carry, and keep everything else', () => {
    expect(redactUrl('/verify-email?code=123456')).toBe('/verify-email?code=[redacted]');
    expect(redactUrl('/auth?mode=register&invite=abc.def&Token=xyz')).toBe('/auth?mode=register&invite=[redacted]&Token=[redacted]');
    expect(redactUrl('/api/listings?search=code&category=books')).toBe('/api/listings?search=code&category=books');
    expect(redactUrl('/api/listings')).toBe('/api/listings');
  });

  it('blank a secret whose name is percent-encoded, and survive a malformed one', () => {
    expect(redactUrl('/auth?%63ode=654321')).toBe('/auth?%63ode=[redacted]');
    expect(redactUrl('/auth?%E0%A4%A=1&code=1')).toBe('/auth?%E0%A4%A=1&code=[redacted]');
  });
});
