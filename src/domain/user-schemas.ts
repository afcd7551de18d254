// The signed-in member as the pages see them (GET /api/auth/me), and the answers that carry them.
import { z } from 'zod';
import { membershipTiers } from './tiers';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
  isAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
  suburb: z.string().nullable(),
  postcodeLastChanged: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: currentUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
