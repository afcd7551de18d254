// The parts of a listing's page that only a signed-in member sees: the owner's tools (mark sold,
// release a hold, list again, edit, delete) and the note on how far the listing lies from the
// viewer's area. They come in a chunk of their own, so a visitor's page (most shared links) downloads
// none of them; for a signed-in member the route fetches them beside the page's code (app/routes.ts),
// so a member's page waits for them no longer than for the page itself.
import { lazyPage } from '@/lib/lazy-page';

export const OwnerActions = lazyPage(() => import('./owner-actions'), 'OwnerActions');
export const OutsideAreaNote = lazyPage(() => import('./outside-area-note'), 'OutsideAreaNote');

export function preloadListingMemberParts(): Promise<unknown> {
  return Promise.all([OwnerActions.preload(), OutsideAreaNote.preload()]);
}
