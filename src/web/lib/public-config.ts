import { useQuery } from '@tanstack/react-query';

/** The settings the server shares with the browser (GET /api/public-config). */
export type PublicConfig = {
  productName: string;
  googleClientId: string | null;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** Who takes card checks and payments: Stripe (its Payment Element) or the built-in test provider (our card form). */
  paymentProvider: 'test' | 'stripe';
  stripePublishableKey: string | null;
};

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/public-config'] });
}
