// The landing page's one call: the homepage video an admin made active, if any (spec 2 and 7).
import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';

/** Ships with the web app (scripts/make-default-video.mjs makes it); plays when no video is active. */
export const defaultVideoUrl = '/videos/default.webm';

export const activeHomepageVideoQueryKey = ['/api/homepage-video/active'] as const;

export function useActiveHomepageVideo() {
  return useQuery<ApiResponse<'getActiveHomepageVideo'>>({ queryKey: activeHomepageVideoQueryKey });
}
