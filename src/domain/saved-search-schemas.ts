// Request and response schemas of saved searches, from the browse API's own filters: a saved search
// keeps exactly what browse would accept, and nothing else.
import { z } from 'zod';
import { browseListingsQuery } from './listing-schemas';
import { fieldLimits } from './limits';
import { savedSearchFrequencies, savedSearchLimits, savedSearchMessages } from './saved-searches';

/** The filters a saved search keeps; an unknown one is refused. */
export const savedSearchQuery = browseListingsQuery.pick({ search: true, category: true, condition: true, location: true, postcode: true, state: true, sort: true }).strict();
export type SavedSearchQuery = z.infer<typeof savedSearchQuery>;

export const createSavedSearchBody = z.object({
  name: z.string({ error: savedSearchMessages.nameRequired }).trim().min(1, savedSearchMessages.nameRequired).max(savedSearchLimits.nameMax, savedSearchMessages.nameTooLong),
  query: savedSearchQuery.default({}),
  frequency: z.enum(savedSearchFrequencies, { error: savedSearchMessages.frequencyRequired }),
});
export type CreateSavedSearchBody = z.infer<typeof createSavedSearchBody>;

export const savedSearchIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** PATCH /api/saved-searches/:id: its mail on or off, or how often. */
export const updateSavedSearchBody = z
  .object({
    mailEnabled: z.boolean({ error: 'Say whether to email you about this search (true or false).' }).optional(),
    frequency: z.enum(savedSearchFrequencies, { error: savedSearchMessages.frequencyRequired }).optional(),
  })
  .strict();

/** A saved search's filters as the API answers them (as kept: checked when saved). */
const savedSearchQueryView = z.object({
  search: z.string().optional(),
  category: z.string().optional(),
  condition: z.string().optional(),
  location: z.string().optional(),
  postcode: z.string().optional(),
  state: z.string().optional(),
  sort: z.string().optional(),
});

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: savedSearchQueryView,
  frequency: z.enum(savedSearchFrequencies),
  /** Off once the member unsubscribed (from a mail's link, or /account). */
  mailEnabled: z.boolean(),
  /** Active listings in the member's area matching it, listed since they last opened it (capped). */
  newCount: z.number(),
  createdAt: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearchSchema>;

/** A saved search mail's unsubscribe link: its signed token. */
export const unsubscribeQuery = z.object({ token: z.string().max(200) });
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBody>;
