import { CheckCircle2, ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { acceptedImageTypes, formatMegabytes } from '../../../../domain';
import { cn } from '@/lib/cn';
import type { PhotoItem, PhotoStatus, usePhotoUploads } from '@/features/listings/hooks/use-photo-uploads';

const statusLabels: Record<PhotoStatus, string> = {
  waiting: 'Waiting…',
  compressing: 'Compressing…',
  uploading: 'Uploading…',
  done: 'Uploaded',
};

type PhotoPickerProps = { uploads: ReturnType<typeof usePhotoUploads> };

function PhotoTile({ photo, index, onRemove }: { photo: PhotoItem; index: number; onRemove: () => void }) {
  const label = statusLabels[photo.status];
  const progress = Math.round(photo.progress);
  return (
    <li className="relative overflow-hidden rounded-2xl border border-sand-200 bg-white">
      <div className="relative aspect-square bg-sand-100">
        <img src={photo.previewUrl} alt={`Photo ${index + 1}`} className="size-full object-cover" />
        {index === 0 && (
          <span className="absolute top-2 left-2 rounded-full bg-ink-900/80 px-2 py-0.5 text-xs font-semibold text-white">Cover</span>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove photo ${index + 1}`}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full text-white"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-ink-900/80 hover:bg-brand-700">
            <X className="size-4" aria-hidden="true" />
          </span>
        </button>
      </div>
      <div className="space-y-1.5 p-2">
        <p className={cn('flex items-center gap-1 text-xs font-semibold', photo.status === 'done' ? 'text-leaf-700' : 'text-ink-700')}>
          {photo.status === 'done' && <CheckCircle2 className="size-3.5" aria-hidden="true" />}
          <span>{label}</span>
          {photo.status !== 'done' && photo.status !== 'waiting' && <span className="ml-auto tabular-nums">{progress}%</span>}
        </p>
        <div
          role="progressbar"
          aria-label={`Photo ${index + 1}: ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-1.5 overflow-hidden rounded-full bg-sand-100"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', photo.status === 'done' ? 'bg-leaf-500' : 'bg-brand-500')}
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
    </li>
  );
}

/** The Photos field: pick, watch each photo compress and upload, remove (spec 2 and 5). */
export function PhotoPicker({ uploads }: PhotoPickerProps) {
  const { photos, addFiles, removePhoto, maxPhotos, rules } = uploads;
  const inputId = useId();
  const hintId = useId();
  const isFull = photos.length >= maxPhotos;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Photos</legend>
      <p id={hintId} className="text-xs text-ink-500">
        Up to {maxPhotos} photos on your {rules.label} plan (JPEG, PNG or WebP). We shrink each one to {formatMegabytes(rules.maxImageBytes)} MB
        or less before uploading. The first photo is the cover.
      </p>
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <PhotoTile key={photo.key} photo={photo} index={index} onRemove={() => removePhoto(photo.key)} />
          ))}
        </ul>
      )}
      <div>
        <input
          id={inputId}
          type="file"
          multiple
          accept={acceptedImageTypes.join(',')}
          disabled={isFull}
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            // The same file can be chosen again after it was removed.
            event.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-sand-200 bg-white px-4 py-5 text-center transition-colors hover:border-brand-300 hover:bg-brand-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-disabled:hover:border-sand-200 peer-disabled:hover:bg-white',
          )}
        >
          <ImagePlus className="size-6 text-brand-600" aria-hidden="true" />
          <span className="text-sm font-semibold">Add photos</span>
          <span className="text-xs text-ink-500">
            {isFull ? "You've added as many photos as your plan allows." : `${photos.length} of ${maxPhotos} added`}
          </span>
        </label>
      </div>
    </fieldset>
  );
}
