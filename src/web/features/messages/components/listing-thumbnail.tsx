import { Package } from 'lucide-react';
import { thumbnailUrl } from '../../../../domain';
import { cn } from '@/lib/cn';

/** The listing's first photo, small and square, or a parcel where it has none (or is deleted). */
export function ListingThumbnail({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  return (
    <span className={cn('inline-flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-sand-100 text-ink-500/60', className)}>
      {imageUrl ? (
        <img src={thumbnailUrl(imageUrl)} alt="" loading="lazy" decoding="async" width={112} height={112} className="size-full object-cover" />
      ) : (
        <Package className="size-6" aria-hidden="true" strokeWidth={1.5} />
      )}
    </span>
  );
}
