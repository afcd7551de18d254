import { ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { thumbnailUrl } from '../../../../domain';
import { cn } from '@/lib/cn';

/** The listing's photos: one large, a strip of thumbnails; arrow keys move along the strip. */
export function ListingGallery({ imageUrls, title }: { imageUrls: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const count = imageUrls.length;

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-[var(--radius-card)] border border-sand-200 bg-sand-100 text-ink-500/60">
        <Package className="size-20" aria-hidden="true" strokeWidth={1.25} />
        <span className="sr-only">No photos of this item</span>
      </div>
    );
  }

  const current = Math.min(selected, count - 1);
  const show = (index: number, moveFocus = false) => {
    const next = (index + count) % count;
    setSelected(next);
    if (moveFocus) thumbnails.current[next]?.focus();
  };
  const onStripKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key], true);
  };

  return (
    <section aria-label="Photos" className="space-y-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-sand-100">
        <img
          src={imageUrls[current]}
          alt={`${title}, photo ${current + 1} of ${count}`}
          width={1200}
          height={900}
          className="size-full object-contain"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Next photo"
              className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-full bg-ink-900/75 px-2.5 py-0.5 text-xs font-semibold text-white" aria-live="polite">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <div role="group" aria-label="Choose a photo" onKeyDown={onStripKey} className="flex gap-2 overflow-x-auto p-1">
          {imageUrls.map((url, index) => (
            <button
              key={url}
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              onClick={() => show(index)}
              aria-label={`Show photo ${index + 1} of ${count}`}
              aria-current={index === current ? 'true' : undefined}
              tabIndex={index === current ? 0 : -1}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-xl border-2 bg-sand-100 sm:size-20',
                index === current ? 'border-brand-500' : 'border-transparent opacity-80 hover:opacity-100',
              )}
            >
              <img src={thumbnailUrl(url)} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
