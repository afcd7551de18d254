import { defaultVideoUrl } from '@/features/landing/api';

/** spec 2: the second, controllable video, next to a short word on how verification works. */
export function ExplainerVideo() {
  return (
    <section aria-labelledby="explainer-heading" className="bg-leaf-50 py-14">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-12 lg:px-8">
        <div>
          <p className="text-xs font-bold tracking-wide text-leaf-700 uppercase">Three quick checks</p>
          <h2 id="explainer-heading" className="mt-2 text-3xl font-extrabold tracking-tight">
            How verification works
          </h2>
          <ol className="mt-5 space-y-3 text-ink-700">
            <li>
              <span className="font-semibold text-ink-900">1. Email.</span> Confirm the address with the code we email you.
            </li>
            <li>
              <span className="font-semibold text-ink-900">2. Phone.</span> Enter the 6-digit code from our SMS.
            </li>
            <li>
              <span className="font-semibold text-ink-900">3. Card, if you like.</span> A card for verification only adds a third badge.
            </li>
          </ol>
          <p className="mt-5 text-ink-700">Nobody lists an item or messages a seller before the first two, so the neighbour you meet at the front gate is who they say they are.</p>
        </div>
        <figure className="min-w-0 lg:order-first">
          <div className="aspect-video overflow-hidden rounded-3xl bg-gradient-to-br from-brand-400 via-brand-500 to-sun-400 shadow-sm">
            <video
              className="h-full w-full object-cover"
              src={defaultVideoUrl}
              controls
              playsInline
              preload="metadata"
              aria-describedby="explainer-caption"
              aria-label="How verification works"
            />
          </div>
          <figcaption id="explainer-caption" className="mt-3 text-sm text-ink-500">
            Every member confirms their email address, then their mobile with an SMS code, and adds a card on file that is
            never charged unless they upgrade.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
