import { Play } from 'lucide-react';
import { useCallback, useState } from 'react';

/** The sign-in page's promotional video; a calm panel stands in when the file is missing. */
export function PromoVideo() {
  const [unavailable, setUnavailable] = useState(false);
  // A missing file can fail before React attaches the element, so check on attach and listen after.
  const watchVideo = useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    const showFallback = () => setUnavailable(true);
    if (video.error) showFallback();
    video.addEventListener('error', showFallback);
    return () => video.removeEventListener('error', showFallback);
  }, []);
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-gradient-to-br from-brand-400 via-brand-500 to-sun-400">
      {unavailable ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-white">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white/25">
            <Play className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm font-semibold">Meet the neighbours behind every listing.</p>
        </div>
      ) : (
        <video
          ref={watchVideo}
          className="h-full w-full object-cover"
          poster="/images/video-poster.jpg"
          src="/videos/default.webm"
          muted
          playsInline
          controls
          preload="metadata"
          aria-label="How the community marketplace works"
        />
      )}
    </div>
  );
}
