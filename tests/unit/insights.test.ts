// What counts as a view and how a week reads (decision 48).
import { describe, expect, it } from 'vitest';
import { addDays, describeWeek, insightDayOf, isCrawler } from '../../src/domain/insights';

describe('isCrawler', () => {
  it('leaves out crawlers, link previews, scripts and requests without a user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'curl/8.4.0',
      'python-requests/2.31.0',
      undefined,
      '',
    ]) {
      expect(isCrawler(agent), String(agent)).toBe(true);
    }
  });

  it('counts browsers on phones and desktops', () => {
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    ]) {
      expect(isCrawler(agent), agent).toBe(false);
    }
  });
});

describe('insightDayOf', () => {
  it('is the day in Sydney, not in UTC', () => {
    expect(insightDayOf(new Date('2026-11-27T13:30:00Z'))).toBe('2026-11-28');
    expect(insightDayOf(new Date('2026-11-27T12:30:00Z'))).toBe('2026-11-27');
  });
});

describe('addDays', () => {
  it('steps calendar days across months, years and leap days, both ways', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-10-04', 1)).toBe('2026-10-05'); // the night Sydney's clocks go forward
    expect(addDays('2026-11-28', -89)).toBe('2026-08-31');
    expect(addDays('2026-11-28', 0)).toBe('2026-11-28');
  });
});

describe('describeWeek', () => {
  it('counts each with its word', () => {
    expect(describeWeek({ views: 1, saves: 0, conversations: 2 })).toBe('1 view, 0 saves, 2 conversations');
    expect(describeWeek({ views: 1200, saves: 1, conversations: 1 })).toBe('1,200 views, 1 save, 1 conversation');
  });
});
