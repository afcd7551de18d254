// Support by plan (spec 1: Starter has community support, Explorer email support, Connector priority
// support; decision 32). Each level's name, its promised first-reply time and its place in the
// admins' support inbox live here once; tiers.ts gives each plan its level, plan-copy.ts says the
// promise in words. No imports, so tiers.ts and the database schema can both read it.

export const supportLevels = ['priority', 'email', 'community'] as const;
export type SupportLevel = (typeof supportLevels)[number];

export type SupportLevelRules = {
  level: SupportLevel;
  /** As the plans name it: "Priority support". */
  label: string;
  /** Business days (Monday to Friday, Australian time) to the first reply; null: best effort, no set time. */
  firstReplyBusinessDays: number | null;
  /** Order in the admins' inbox among open requests: the lowest first, then the oldest. */
  queueRank: number;
};

export const supportLevelRules: Record<SupportLevel, SupportLevelRules> = {
  priority: { level: 'priority', label: 'Priority support', firstReplyBusinessDays: 1, queueRank: 0 },
  email: { level: 'email', label: 'Email support', firstReplyBusinessDays: 3, queueRank: 1 },
  community: { level: 'community', label: 'Community support', firstReplyBusinessDays: null, queueRank: 2 },
};

/** A visitor (no account) is answered as a Starter member is: community support, by mail only. */
export const visitorSupportLevel: SupportLevel = 'community';
