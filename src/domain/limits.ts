// The numbers of the specification that are not a tier's (those are in tiers.ts): how long each
// field may be, and how often one address, account or email may do a thing (abuse limits). The
// schemas, the database columns, the pages and the server's rate limits all read them from here.

/** Characters a field may hold (spec 3 and 5); the database columns are as wide. */
export const fieldLimits = {
  emailMax: 254,
  nameMin: 2,
  nameMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  codeLength: 6,
  listingTitleMin: 3,
  listingTitleMax: 100,
  listingDescriptionMin: 10,
  listingDescriptionMax: 5000,
  searchMax: 100,
  suburbMax: 100,
  bannedWordMax: 100,
  contactNameMax: 100,
  contactMessageMin: 10,
  contactMessageMax: 2000,
  contactSellerMessageMax: 1000,
  /** An admin's reply to a contact form message (decision 32). */
  supportReplyMax: 5000,
  videoNameMax: 200,
  /** Ids, tokens and other opaque values a path or body carries. */
  opaqueIdMax: 100,
} as const;

/** A window of an abuse limit ("15 minutes"). */
export type RateWindow = `${number} ${'minute' | 'minutes' | 'hour' | 'hours'}`;
export type RateLimit = { max: number; window: RateWindow };

/**
 * spec 6: abuse limits, per client address (perIp) or per account or email (perKey). Each is the
 * most a person needs with room to spare; RATE_LIMIT_MULTIPLIER scales them all (tests).
 */
export const abuseLimits = {
  register: { perIp: { max: 30, window: '1 hour' } },
  login: { perIp: { max: 30, window: '1 minute' } },
  resetRequest: { perIp: { max: 20, window: '15 minutes' } },
  /** Reset, email and phone codes: guesses from one address, and at one account or email. */
  codeCheck: { perIp: { max: 60, window: '15 minutes' }, perKey: { max: 20, window: '15 minutes' } },
  sendCode: { perIp: { max: 20, window: '15 minutes' } },
  cardCheck: { perKey: { max: 20, window: '15 minutes' } },
  /** One budget for the three steps of a Google sign-in: 20 sign-ins a quarter of an hour from one address. */
  googleSignIn: { perIp: { max: 60, window: '15 minutes' } },
  contactSeller: { perIp: { max: 30, window: '1 minute' } },
  contactForm: { perIp: { max: 5, window: '1 hour' } },
  profileSave: { perKey: { max: 20, window: '1 hour' } },
  phoneSave: { perKey: { max: 10, window: '1 hour' } },
  photoUpload: { perKey: { max: 60, window: '10 minutes' } },
  cancelCharge: { perKey: { max: 10, window: '15 minutes' } },
  keepActive: { perKey: { max: 30, window: '15 minutes' } },
  /** Messages one member sends over all their conversations (one conversation has its own pace, conversations.ts). */
  sendMessage: { perKey: { max: 120, window: '1 minute' } },
  blockMember: { perKey: { max: 60, window: '1 hour' } },
  eventTicket: { perKey: { max: 120, window: '1 minute' } },
  /** A copy of one's data is a file of up to tens of MB, read from storage each time: a few downloads an hour are plenty. */
  dataExportDownload: { perKey: { max: 20, window: '1 hour' } },
  /** Reports one member sends (each thing once): far more than anyone meets, far fewer than a campaign needs. */
  report: { perKey: { max: 30, window: '1 hour' } },
  /** Ratings and answers one member writes. */
  rating: { perKey: { max: 30, window: '1 hour' } },
} as const satisfies Record<string, { perIp?: RateLimit; perKey?: RateLimit }>;
