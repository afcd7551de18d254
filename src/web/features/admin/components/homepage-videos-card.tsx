import { Clapperboard } from 'lucide-react';
import { AdminSection } from './admin-section';
import { VideoList } from './video-list';
import { VideoUploadForm } from './video-upload-form';

export function HomepageVideosCard() {
  return (
    <AdminSection icon={Clapperboard} title="Homepage Video Management" description="The active video plays, muted and looping, at the top of the landing page.">
      <VideoUploadForm />
      <div className="mt-6 border-t border-sand-200 pt-5">
        <h3 className="mb-3 text-sm font-bold tracking-wide text-ink-700 uppercase">Uploaded videos</h3>
        <VideoList />
      </div>
    </AdminSection>
  );
}
