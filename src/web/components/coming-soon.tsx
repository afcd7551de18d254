import { Sparkles } from 'lucide-react';
import { NoticePage } from './notice-page';

/** An honest page for a screen that is still being built. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <NoticePage icon={Sparkles} title={title} description={description}>
      <p className="inline-block rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
        Coming soon
      </p>
    </NoticePage>
  );
}
