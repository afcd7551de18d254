// The page's toasts (spec 4 and 9): one at a time, each closing itself after 5 seconds unless it
// says otherwise, swiped away to the right past 50 px, reached with F8, and kept in memory for
// 1,000,000 ms after closing; they stack in a column at most 420 px wide.
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/web/components/ui/toaster';
import { toast, useToasts } from '../../src/web/lib/use-toast';

/** The toast on screen with this title: an item of the notifications list. */
const shownToast = (title: string) => screen.queryByText(title)?.closest('li') ?? null;
const notifications = () => screen.getByRole('region', { name: 'Notifications (F8)' });

beforeEach(() => {
  // The toast store outlives a render: a new toast takes the one slot, and closing it leaves nothing on screen.
  act(() => toast({}).dismiss());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('show one at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Word Banned' });
      toast({ title: 'Video Uploaded' });
    });
    expect(shownToast('Video Uploaded')).not.toBeNull();
    expect(shownToast('Word Banned')).toBeNull();
    expect(within(notifications()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('close themselves after 5 seconds, or after the time a toast asks for', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Profile Updated!' }));
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(shownToast('Profile Updated!')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shownToast('Profile Updated!')).toBeNull();

    act(() => void toast({ title: 'Listing Limit Reached', duration: 8000 }));
    await act(() => vi.advanceTimersByTimeAsync(7999));
    expect(shownToast('Listing Limit Reached')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shownToast('Listing Limit Reached')).toBeNull();
  });

  it('are swiped away to the right past 50 px, and stay when swiped less or to the left', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Code Sent!' }));
    const swipe = (distance: number) => {
      const element = shownToast('Code Sent!');
      if (!element) throw new Error('The toast is not on screen');
      element.setPointerCapture = () => {};
      element.hasPointerCapture = () => false;
      fireEvent.pointerDown(element, { button: 0, pointerId: 1, clientX: 200, clientY: 100 });
      fireEvent.pointerMove(element, { pointerId: 1, clientX: 200 + distance / 2, clientY: 100 });
      fireEvent.pointerMove(element, { pointerId: 1, clientX: 200 + distance, clientY: 100 });
      fireEvent.pointerUp(element, { pointerId: 1, clientX: 200 + distance, clientY: 100 });
    };
    swipe(-120);
    expect(shownToast('Code Sent!')).not.toBeNull();
    swipe(50);
    expect(shownToast('Code Sent!')).not.toBeNull();
    swipe(51);
    expect(shownToast('Code Sent!')).toBeNull();
  });

  it('are reached with F8', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Message Sent!' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(within(notifications()).getByRole('list'));
  });

  it('stack in a column at most 420 px wide on larger screens', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Email Verified!' }));
    expect(within(notifications()).getByRole('list')).toHaveClass('md:max-w-[420px]');
  });

  it('are forgotten 1,000,000 ms after they close', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let closing: ReturnType<typeof toast> | undefined;
    act(() => {
      closing = toast({ title: 'Logged out' });
    });
    act(() => closing?.dismiss());
    expect(result.current.map(({ title, open }) => ({ title, open }))).toEqual([{ title: 'Logged out', open: false }]);
    await act(() => vi.advanceTimersByTimeAsync(999_999));
    expect(result.current).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toEqual([]);
  });
});
