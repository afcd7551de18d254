import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { noteTooltipClosed, tooltipDelayNow } from '@/lib/tooltip-delay';

type Place = { top: number; left: number };

/**
 * A short label shown above its trigger when the pointer or keyboard focus rests on it: after 700 ms,
 * or at once when another tooltip has just closed (spec 9's delays, lib/tooltip-delay.ts). It
 * repeats what the trigger already says to screen readers (its name), for sighted people: a
 * browser's own `title` tooltip waits as long as it likes and never shows on focus.
 */
export function Tooltip({ content, children, className }: { content: string; children: ReactNode; className?: string }) {
  const [place, setPlace] = useState<Place | null>(null);
  const trigger = useRef<HTMLSpanElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const showing = useRef(false);

  const open = () => {
    const box = trigger.current?.getBoundingClientRect();
    if (!box) return;
    showing.current = true;
    setPlace({ top: box.top, left: box.left + box.width / 2 });
  };
  const show = () => {
    window.clearTimeout(timer.current);
    const delay = tooltipDelayNow();
    if (delay === 0) open();
    else timer.current = window.setTimeout(open, delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    if (showing.current) noteTooltipClosed();
    showing.current = false;
    setPlace(null);
  };

  useEffect(() => {
    if (!place) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      showing.current = false;
      noteTooltipClosed();
      setPlace(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [place]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span ref={trigger} className={cn('inline-flex', className)} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {place &&
        createPortal(
          <span
            role="tooltip"
            className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-full rounded-md bg-ink-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg"
            style={{ top: place.top - 6, left: place.left }}
          >
            {content}
          </span>,
          document.body,
        )}
    </span>
  );
}
