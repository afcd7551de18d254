import { useQuery } from '@tanstack/react-query';

/** The settings the server shares with the browser (GET /api/public-config). */
export type PublicConfig = { productName: string; googleClientId: string | null; mapTileUrl: string; mapTileAttribution: string };

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/public-config'] });
}
