// How the pages' data behaves over time (spec 4 and 9): loaded data never goes stale, is never
// asked for again on focus or on a timer, is kept 5 minutes after the last page using it closes,
// and a failed call is not retried, except the banned words (3 retries, 1 s then doubling).
import { useMutation, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBannedWords } from '../../src/web/features/admin/api';
import { renderPage } from './support/fixtures';

const thingsPath = '/api/things';

/** Stands in for the server: answers every call with `status` and records when each path was asked for. */
function stubServer(status = 200) {
  const asked: { path: string; at: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push({ path: new URL(String(input), window.location.href).pathname, at: Date.now() });
      const body = status === 200 ? ['Lamp', 'Desk'] : { message: 'Something went wrong on our side. Please try again.' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { asked, count: () => asked.length };
}

function Things() {
  const things = useQuery<string[]>({ queryKey: [thingsPath] });
  if (things.isError) return <p>Could not load the things</p>;
  return <p>{things.data ? things.data.join(', ') : 'Loading…'}</p>;
}

/** Lets `ms` of time pass, running what the timers and the answers set off. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const minute = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loaded data', () => {
  it('is shown again by another part of the page an hour later without asking the server again', async () => {
    const server = stubServer();
    function Page() {
      const [showMore, setShowMore] = useState(false);
      return (
        <>
          <Things />
          {showMore ? (
            <Things />
          ) : (
            <button type="button" onClick={() => setShowMore(true)}>
              Show more
            </button>
          )}
        </>
      );
    }
    renderPage(<Page />);
    await wait(0);
    expect(screen.getByText('Lamp, Desk')).toBeInTheDocument();
    await wait(60 * minute);
    act(() => screen.getByRole('button', { name: 'Show more' }).click());
    await wait(0);
    expect(screen.getAllByText('Lamp, Desk')).toHaveLength(2);
    expect(server.count()).toBe(1);
  });

  it('is not asked for again when the window regains focus, nor on a timer', async () => {
    const server = stubServer();
    renderPage(<Things />);
    await wait(5 * minute);
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await wait(60 * minute);
    expect(server.count()).toBe(1);
  });

  it('is kept for 5 minutes after the last part of the page showing it closes, and asked for again after that', async () => {
    const server = stubServer();
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            {open ? 'Close' : 'Open'}
          </button>
          {open && <Things />}
        </>
      );
    }
    renderPage(<Page />);
    const toggle = (name: 'Open' | 'Close') => act(() => screen.getByRole('button', { name }).click());
    await wait(0);
    toggle('Close');
    await wait(5 * minute - 1);
    toggle('Open');
    expect(screen.getByText('Lamp, Desk')).toBeInTheDocument();
    expect(server.count()).toBe(1);

    toggle('Close');
    await wait(5 * minute);
    toggle('Open');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await wait(0);
    expect(screen.getByText('Lamp, Desk')).toBeInTheDocument();
    expect(server.count()).toBe(2);
  });
});

describe('a failed call', () => {
  it('is shown at once and never retried', async () => {
    const server = stubServer(500);
    renderPage(<Things />);
    await wait(0);
    expect(screen.getByText('Could not load the things')).toBeInTheDocument();
    await wait(10 * minute);
    expect(server.count()).toBe(1);
  });

  it('is not retried when it was a change', async () => {
    const change = vi.fn(async () => {
      throw new Error('The server is unreachable');
    });
    function SaveButton() {
      const save = useMutation({ mutationFn: change });
      return (
        <button type="button" onClick={() => save.mutate()}>
          {save.isError ? 'Not saved' : 'Save'}
        </button>
      );
    }
    renderPage(<SaveButton />);
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    await wait(10 * minute);
    expect(screen.getByRole('button', { name: 'Not saved' })).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('is retried 3 times for the banned words, after 1 s, 2 s and 4 s, and then shown', async () => {
    const server = stubServer(500);
    function BannedWords() {
      const words = useBannedWords();
      return <p>{words.isError ? 'Could not load the banned words' : 'Loading…'}</p>;
    }
    renderPage(<BannedWords />);
    const start = Date.now();
    await wait(10 * minute);
    expect(server.asked.map(({ path, at }) => ({ path, after: at - start }))).toEqual([
      { path: '/api/admin/banned-words', after: 0 },
      { path: '/api/admin/banned-words', after: 1000 },
      { path: '/api/admin/banned-words', after: 3000 },
      { path: '/api/admin/banned-words', after: 7000 },
    ]);
    expect(screen.getByText('Could not load the banned words')).toBeInTheDocument();
  });
});
