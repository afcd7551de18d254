// A listing's condition (decision 44): its labels, the browse filter's list, schema.org's
// itemCondition, and a saved search's filters in words.
import { describe, expect, it } from 'vitest';
import { conditionLabel, conditionsInWords, listingConditionValues, openGraphCondition, parseConditionFilter, schemaOrgCondition } from '../../src/domain/listing';
import { browseListingsQuery, createListingBody } from '../../src/domain/listing-schemas';
import { describeSavedQuery } from '../../src/domain/saved-searches';

describe('a listing condition', () => {
  it('reads as its label, or "Condition not stated" without one', () => {
    expect(conditionLabel('like-new')).toBe('Like new');
    expect(conditionLabel('for-parts')).toBe('For parts');
    expect(conditionLabel(null)).toBe('Condition not stated');
  });

  it("maps to schema.org's new, used and damaged conditions, and to nothing when not stated", () => {
    expect(schemaOrgCondition('new')).toBe('https://schema.org/NewCondition');
    expect(['like-new', 'good', 'fair'].map((value) => schemaOrgCondition(value as 'good'))).toEqual(Array(3).fill('https://schema.org/UsedCondition'));
    expect(schemaOrgCondition('for-parts')).toBe('https://schema.org/DamagedCondition');
    expect(schemaOrgCondition(null)).toBeUndefined();
    // Open Graph knows only new and used (and refurbished).
    expect(listingConditionValues.map((value) => openGraphCondition(value))).toEqual(['new', 'used', 'used', 'used', 'used']);
    expect(openGraphCondition(null)).toBeUndefined();
  });

  it('may be left out of a new listing, but is one of the five when given', () => {
    const listing = { title: 'Brass floor lamp', description: 'Works well, pickup only.', price: '40', category: 'home' };
    expect(createListingBody.parse(listing).condition).toBeUndefined();
    expect(createListingBody.parse({ ...listing, condition: null }).condition).toBeNull();
    const refused = createListingBody.safeParse({ ...listing, condition: 'mint' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Choose the condition from the list');
  });
});

describe('the condition filter', () => {
  it('takes any of the five, each once, in the list order', () => {
    expect(parseConditionFilter('good,like-new,good')).toEqual(['like-new', 'good']);
    expect(browseListingsQuery.parse({ condition: ' fair , new ' }).condition).toBe('new,fair');
    expect(browseListingsQuery.parse({ condition: '' }).condition).toBeUndefined();
  });

  it('refuses a value that is not a condition, saying which ones are', () => {
    expect(parseConditionFilter('good,mint')).toBeNull();
    expect(parseConditionFilter(',')).toBeNull();
    const refused = browseListingsQuery.safeParse({ condition: 'good,mint' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Choose conditions from the list: new, like-new, good, fair, for-parts, separated by commas.');
  });

  it("is said in words in a saved search's filters", () => {
    expect(conditionsInWords('like-new,good')).toBe('Like new or Good');
    expect(conditionsInWords('new,like-new,good')).toBe('New, Like new or Good');
    expect(describeSavedQuery({ search: 'bike', condition: 'good' })).toBe('“bike” · Good');
  });
});
