import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { defaultVideoUrl, useActiveHomepageVideo } from '@/features/landing/api';
import { usePrefersReducedMotion } from '@/features/landing/hooks/use-prefers-reduced-motion';

/**
 * spec 2: the looping, muted hero video: the admins' active video, else the bundled one. The box
 * keeps a 16:9 shape in the brand colours from the first paint, so nothing moves when it loads.
 * It never autoplays for visitors who asked for reduced motion (not even before the app starts on a
 * page rendered on the server), and can always be paused.
 */
export function HeroVideo({ className }: { className?: string }) {
  const active = useActiveHomepageVideo();
  const reduceMotion = usePrefersReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  // Wait for the answer (a failed call falls back too), so the browser loads only one file.
  const source = active.isPending ? null : (active.data?.url ?? defaultVideoUrl);
  const shouldPlay = !reduceMotion && !userPaused;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    // React sets `muted` as a property only; make sure it is set before asking to play.
    video.muted = true;
    if (shouldPlay) {
      video.play().catch(() => {
        // The browser refused autoplay: the play button stays available.
      });
    } else {
      video.pause();
    }
  }, [source, shouldPlay]);

  return (
    <div
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-3xl bg-gradient-to-br from-brand-400 via-brand-500 to-sun-400 shadow-lg',
        className,
      )}
    >
      {source && (
        <video
          ref={videoRef}
          key={source}
          src={source}
          className="absolute inset-0 h-full w-full object-cover"
          aria-hidden="true"
          tabIndex={-1}
          muted
          loop
          playsInline
          // No autoplay attribute: the page is rendered on the server, which cannot know that a
          // visitor asked for reduced motion, and the browser would start the video before the app
          // runs. The effect above starts it once the visitor's preference is known.
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
      )}
      {source && (
        <button
          type="button"
          onClick={() => {
            const video = videoRef.current;
            if (!video) return;
            if (video.paused) {
              setUserPaused(false);
              video.play().catch(() => undefined);
            } else {
              setUserPaused(true);
              video.pause();
            }
          }}
          aria-label={playing ? 'Pause background video' : 'Play background video'}
          className="absolute right-3 bottom-3 inline-flex size-11 items-center justify-center rounded-full bg-ink-900/60 text-white backdrop-blur-sm transition-colors hover:bg-ink-900/80"
        >
          {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
        </button>
      )}
    </div>
  );
}
