// The photo list of the listing form: check each file (spec 5), compress it with a progress bar,
// upload it with another, and keep the uploaded urls in the order the member chose the photos.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acceptedImageTypes,
  formatMegabytes,
  imageCompression,
  imageMessages,
  listingImageCap,
  rawFileTooLargeMessage,
  rawImageLimitBytes,
  rulesForTier,
  stillTooLargeMessage,
  thumbnailUrl,
  tooManyImagesMessage,
} from '../../../../domain';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { compressPhoto } from '@/features/listings/compress-photo';
import { uploadPhoto } from '@/features/listings/upload-photo';

export type PhotoStatus = 'waiting' | 'compressing' | 'uploading' | 'done';

export type PhotoItem = {
  key: string;
  name: string;
  status: PhotoStatus;
  /** 0 to 100, for the current step. */
  progress: number;
  previewUrl: string;
  /** The uploaded display-size url, once uploaded. */
  url?: string;
};

let photoCounter = 0;
const nextKey = () => `photo-${(photoCounter += 1)}`;

function isAcceptedType(type: string): boolean {
  return (acceptedImageTypes as readonly string[]).includes(type);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function usePhotoUploads({ tier, initialUrls = [] }: { tier: string; initialUrls?: string[] }) {
  const rules = rulesForTier(tier);
  const maxPhotos = Math.min(rules.maxImagesPerListing, listingImageCap);
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    initialUrls.map((url) => ({ key: nextKey(), name: url.split('/').pop() ?? 'photo', status: 'done', progress: 100, previewUrl: thumbnailUrl(url), url })),
  );
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Map<string, string>());
  // Photos are processed one at a time: compression is heavy on a phone.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((key: string, changes: Partial<PhotoItem>) => {
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...changes } : photo)));
  }, []);

  const release = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const objectUrl = objectUrls.current.get(key);
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrls.current.delete(key);
  }, []);

  const removePhoto = useCallback(
    (key: string) => {
      release(key);
      setPhotos((current) => current.filter((photo) => photo.key !== key));
    },
    [release],
  );

  const processPhoto = useCallback(
    async (key: string, file: File) => {
      const signal = controllers.current.get(key)?.signal;
      if (!signal || signal.aborted) return;
      update(key, { status: 'compressing', progress: 0 });
      let compressed: File;
      try {
        compressed = await compressPhoto(file, { maxBytes: rules.maxImageBytes, onProgress: (percent) => update(key, { progress: percent }) });
      } catch {
        if (signal.aborted) return;
        toast({ title: imageMessages.compressionFailedTitle, description: `We couldn't prepare ${file.name}. Try another photo.`, variant: 'destructive' });
        removePhoto(key);
        return;
      }
      if (signal.aborted) return;
      if (compressed.size > rules.maxImageBytes) {
        toast({ title: imageMessages.stillTooLargeTitle, description: stillTooLargeMessage(tier), variant: 'destructive' });
        removePhoto(key);
        return;
      }
      const savings = 1 - compressed.size / file.size;
      if (savings > imageCompression.savingsToastThreshold) {
        toast({
          title: 'Photo compressed',
          description: `Saved ${Math.round(savings * 100)}% (${formatMegabytes(file.size)} MB → ${formatMegabytes(compressed.size)} MB)`,
        });
      }

      update(key, { status: 'uploading', progress: 0 });
      try {
        const uploaded = await uploadPhoto(compressed, file.name, {
          signal,
          onProgress: (fraction) => update(key, { progress: Math.round(fraction * 100) }),
        });
        update(key, { status: 'done', progress: 100, url: uploaded.url, previewUrl: uploaded.thumbnailUrl });
        controllers.current.delete(key);
        const objectUrl = objectUrls.current.get(key);
        if (objectUrl) URL.revokeObjectURL(objectUrl);
        objectUrls.current.delete(key);
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        removePhoto(key);
        if (handleUnauthorizedError(error)) return;
        toast({ title: 'Upload Failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      }
    },
    [removePhoto, rules.maxImageBytes, tier, update],
  );

  const addFiles = (files: Iterable<File>) => {
    const chosen = Array.from(files);
    if (chosen.length === 0) return;
    // spec 5: existing plus new may not pass the tier's maximum.
    if (photos.length + chosen.length > maxPhotos) {
      toast({ title: imageMessages.tooManyTitle, description: tooManyImagesMessage(tier), variant: 'destructive' });
      return;
    }
    const accepted: { key: string; file: File }[] = [];
    for (const file of chosen) {
      if (!isAcceptedType(file.type)) {
        toast({ title: imageMessages.invalidTypeTitle, description: imageMessages.invalidType, variant: 'destructive' });
        continue;
      }
      if (file.size > rawImageLimitBytes(tier)) {
        toast({ title: 'File Too Large', description: rawFileTooLargeMessage(file.size, tier), variant: 'destructive' });
        continue;
      }
      accepted.push({ key: nextKey(), file });
    }
    if (accepted.length === 0) return;

    const items = accepted.map(({ key, file }): PhotoItem => {
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.set(key, previewUrl);
      controllers.current.set(key, new AbortController());
      return { key, name: file.name, status: 'waiting', progress: 0, previewUrl };
    });
    setPhotos((current) => [...current, ...items]);
    for (const { key, file } of accepted) {
      queue.current = queue.current.then(() => processPhoto(key, file));
    }
  };

  // Leaving the page cancels uploads and frees the previews.
  useEffect(() => {
    const controllerMap = controllers.current;
    const objectUrlMap = objectUrls.current;
    return () => {
      for (const controller of controllerMap.values()) controller.abort();
      for (const objectUrl of objectUrlMap.values()) URL.revokeObjectURL(objectUrl);
      controllerMap.clear();
      objectUrlMap.clear();
    };
  }, []);

  const uploadedUrls = photos.flatMap((photo) => (photo.url ? [photo.url] : []));
  const isBusy = photos.some((photo) => photo.status !== 'done');
  return { photos, addFiles, removePhoto, uploadedUrls, isBusy, maxPhotos, rules };
}
