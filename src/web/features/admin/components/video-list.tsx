import { CheckCircle2, Film, Trash2 } from 'lucide-react';
import { type HomepageVideo, formatDateAU, formatMegabytes } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { useActivateVideo, useDeleteVideo, useHomepageVideos } from '@/features/admin/api';
import { QueryProblem } from './query-problem';

function VideoRow({ video }: { video: HomepageVideo }) {
  const activate = useActivateVideo();
  const remove = useDeleteVideo();
  const busy = activate.isPending || remove.isPending;
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sand-100 text-ink-700">
          <Film className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="min-w-0 break-words">{video.displayName}</span>
            {video.isActive && (
              <span className="inline-flex items-center gap-1 rounded-full bg-leaf-600 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
                <CheckCircle2 className="size-3.5" aria-hidden="true" />
                ACTIVE
              </span>
            )}
          </p>
          <p className="text-sm text-ink-500">
            {formatMegabytes(video.fileSize)} MB · uploaded {formatDateAU(video.createdAt)}
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        {!video.isActive && (
          <Button variant="secondary" disabled={busy} aria-label={`Activate ${video.displayName}`} onClick={() => activate.mutate(video.id)}>
            {activate.isPending ? 'Activating…' : 'Activate'}
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          aria-label={`Delete ${video.displayName}`}
          onClick={() => {
            if (!window.confirm(`Delete "${video.displayName}"? This can't be undone.`)) return;
            remove.mutate(video);
          }}
        >
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </li>
  );
}

/** spec 4: only one video is ACTIVE; any other can be activated and any can be deleted. */
export function VideoList() {
  const videos = useHomepageVideos();
  if (videos.isPending) return <p className="text-sm text-ink-500">Loading videos…</p>;
  if (videos.isError) return <QueryProblem what="the videos" error={videos.error} onRetry={() => videos.refetch()} />;
  if (videos.data.length === 0) {
    return <p className="text-sm text-ink-500">No videos uploaded yet: the landing page shows the built-in video.</p>;
  }
  return (
    <ul aria-label="Homepage videos" className="divide-y divide-sand-200">
      {videos.data.map((video) => (
        <VideoRow key={video.id} video={video} />
      ))}
    </ul>
  );
}
