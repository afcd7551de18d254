import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type SupportPageIntroProps = { icon: LucideIcon; eyebrow: string; title: string; children: ReactNode };

/** The top of each footer page: a badge, the page's one h1 and a short lead. */
export function SupportPageIntro({ icon: Icon, eyebrow, title, children }: SupportPageIntroProps) {
  return (
    <header className="mx-auto w-full max-w-3xl px-4 pt-12 pb-8 text-center sm:px-6 lg:pt-16">
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-700 uppercase">
        <Icon className="size-4" aria-hidden="true" />
        {eyebrow}
      </p>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
      <div className="mx-auto mt-4 max-w-xl text-lg text-ink-700">{children}</div>
    </header>
  );
}
