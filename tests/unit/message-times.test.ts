// When messages were sent, as the inbox and a thread say it (src/web/features/messages/message-times.ts).
import { describe, expect, it } from 'vitest';
import { calendarDay, formatClockTime, formatDayLabel, formatRelativeTime } from '../../src/web/features/messages/message-times';

const sydney = 'Australia/Sydney';
// Thursday 5 March 2026, 9 pm in Sydney (daylight time, UTC+11).
const now = new Date('2026-03-05T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('the inbox time', () => {
  it('counts minutes and hours today, then names the day, then gives the date', () => {
    expect(formatRelativeTime(minutesAgo(0.5), now, sydney)).toBe('Just now');
    expect(formatRelativeTime(minutesAgo(5), now, sydney)).toBe('5 min ago');
    expect(formatRelativeTime(minutesAgo(150), now, sydney)).toBe('2 h ago');
    expect(formatRelativeTime(new Date('2026-03-04T03:00:00Z'), now, sydney)).toBe('Yesterday');
    expect(formatRelativeTime(new Date('2026-03-02T03:00:00Z'), now, sydney)).toBe('Monday');
    expect(formatRelativeTime(new Date('2026-02-20T03:00:00Z'), now, sydney)).toBe('20 Feb');
    expect(formatRelativeTime(new Date('2025-12-20T03:00:00Z'), now, sydney)).toBe('20 Dec 2025');
  });

  it('goes by the calendar of the zone: just after midnight in Sydney, a message of an hour ago was yesterday', () => {
    const afterMidnight = new Date('2026-03-05T13:30:00Z'); // 12:30 am on the 6th in Sydney
    expect(calendarDay(afterMidnight, sydney)).toBe('2026-03-06');
    expect(formatRelativeTime(new Date('2026-03-05T12:30:00Z'), afterMidnight, sydney)).toBe('Yesterday');
  });

  it('gives a plain date while "now" is not known (a page rendered on the server)', () => {
    expect(formatRelativeTime(minutesAgo(5), null, sydney)).toBe('5 Mar 2026');
  });
});

describe('a thread’s times', () => {
  it('shows the clock time in am and pm', () => {
    expect(formatClockTime(new Date('2026-03-05T04:05:00Z'), sydney)).toBe('3:05 pm');
    expect(formatClockTime(new Date('2026-03-04T22:30:00Z'), sydney)).toBe('9:30 am');
  });

  it('names the days between messages', () => {
    expect(formatDayLabel(minutesAgo(10), now, sydney)).toBe('Today');
    expect(formatDayLabel(new Date('2026-03-04T03:00:00Z'), now, sydney)).toBe('Yesterday');
    expect(formatDayLabel(new Date('2026-03-01T03:00:00Z'), now, sydney)).toBe('Sunday');
    expect(formatDayLabel(new Date('2026-02-20T03:00:00Z'), now, sydney)).toBe('Friday 20 February');
    expect(formatDayLabel(new Date('2025-12-20T03:00:00Z'), now, sydney)).toBe('20 December 2025');
  });
});
