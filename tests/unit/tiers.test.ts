import { describe, expect, it } from 'vitest';
import { listingImageCap, rulesForTier, tierRules } from '../../src/domain/tiers';

const mb = 1024 * 1024;

describe('tier rules (spec 1 and 9)', () => {
  it('limits listings at once: Starter 1, Explorer 5, Connector 8', () => {
    expect(tierRules.starter.listingLimit).toBe(1);
    expect(tierRules.explorer.listingLimit).toBe(5);
    expect(tierRules.connector.listingLimit).toBe(8);
  });

  it.each([
    ['starter', 2, 2 * mb],
    ['explorer', 4, 3 * mb],
    ['connector', 8, 5 * mb],
    ['lifetime', 8, 5 * mb],
  ] as const)('%s may add %i images of up to %i bytes', (tier, count, bytes) => {
    expect(tierRules[tier].maxImagesPerListing).toBe(count);
    expect(tierRules[tier].maxImageBytes).toBe(bytes);
  });

  it('treats an unknown or missing tier as Starter', () => {
    expect(rulesForTier('platinum').tier).toBe('starter');
    expect(rulesForTier(undefined).tier).toBe('starter');
    expect(rulesForTier(null).tier).toBe('starter');
    expect(rulesForTier('EXPLORER').tier).toBe('starter');
  });

  it('prices plans in exact cents: Explorer $24 a year (about $2 a month), Connector $60 (about $5)', () => {
    expect(tierRules.starter.annualPriceCents).toBe(0);
    expect(tierRules.explorer.annualPriceCents).toBe(2400);
    expect(tierRules.explorer.monthlyEquivalentCents).toBe(200);
    expect(tierRules.connector.annualPriceCents).toBe(6000);
    expect(tierRules.connector.monthlyEquivalentCents).toBe(500);
    expect(tierRules.lifetime.giftOnly).toBe(true);
  });

  it('marks Explorer most popular with one month free, and gives Connector the one pinned post', () => {
    expect(tierRules.explorer.mostPopular).toBe(true);
    expect(tierRules.explorer.freeTrialMonths).toBe(1);
    expect(tierRules.connector.pinnedPosts).toBe(1);
    expect(tierRules.starter.pinnedPosts).toBe(0);
  });

  it('searches 5 km for Starter, the state for Explorer, all of Australia for Connector', () => {
    expect(tierRules.starter.searchRadiusKm).toBe(5);
    expect(tierRules.explorer.searchArea).toBe('state');
    expect(tierRules.connector.searchArea).toBe('australia');
  });

  it('never lets a tier exceed the listing schema cap of 8 images', () => {
    for (const rules of Object.values(tierRules)) expect(rules.maxImagesPerListing).toBeLessThanOrEqual(listingImageCap);
  });
});
