// Settings come from environment variables, parsed once at start-up. A bad value stops the
// server with a message naming the variable (see README "Settings").
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(' or ')}//` },
  );

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    APP_SECRET: optionalText,
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('Neighbourly <hello@neighbourly.local>'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    GOOGLE_CLIENT_ID: optionalText,
    SMS_API_URL: optionalUrl(['http:', 'https:']),
    SMS_API_KEY: optionalText,
    SMS_FROM: z.string().trim().min(1).max(15).default('Neighbourly'),
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_SECRET_KEY: optionalText.refine((value) => value === undefined || /^(sk|rk)_(test|live)_\w+$/.test(value), {
      message: 'must be a Stripe secret key (sk_test_… or sk_live_…)',
    }),
    STRIPE_PUBLISHABLE_KEY: optionalText.refine((value) => value === undefined || /^pk_(test|live)_\w+$/.test(value), {
      message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)',
    }),
    STRIPE_PRICE_EXPLORER: optionalText.refine((value) => value === undefined || /^price_\w+$/.test(value), { message: 'must be a Stripe price id (price_…)' }),
    STRIPE_PRICE_CONNECTOR: optionalText.refine((value) => value === undefined || /^price_\w+$/.test(value), { message: 'must be a Stripe price id (price_…)' }),
    STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    DEMO_DATA: booleanFlag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag(false),
    MAP_TILE_URL: z.string().trim().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .trim()
      .min(1)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
    READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    PHOTO_CLEANUP_GRACE_HOURS: z.coerce.number().min(1).max(24 * 365).default(24),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET || env.APP_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be at least 32 characters in production' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production so mail reaches members' });
    }
    if (!env.SMS_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_API_URL'], message: 'is required in production so phone codes reach members' });
    }
  })
  .superRefine((env, ctx) => {
    // Stripe is all or nothing: a half-configured Stripe would take members' cards and never confirm a payment.
    const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) issue('STRIPE_PUBLISHABLE_KEY', 'is required when STRIPE_SECRET_KEY is set: the card form needs it');
    if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_SECRET_KEY) issue('STRIPE_SECRET_KEY', 'is required when STRIPE_PUBLISHABLE_KEY is set');
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      issue('STRIPE_WEBHOOK_SECRET', "is required when STRIPE_SECRET_KEY is set: without it no Stripe payment can be confirmed (it is the endpoint's whsec_… signing secret)");
    }
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY.includes('_live_') !== env.STRIPE_PUBLISHABLE_KEY.includes('_live_')) {
      issue('STRIPE_PUBLISHABLE_KEY', 'must be from the same mode (test or live) as STRIPE_SECRET_KEY');
    }
    for (const variable of ['STRIPE_PRICE_EXPLORER', 'STRIPE_PRICE_CONNECTOR', 'STRIPE_API_BASE'] as const) {
      if (env[variable] && !env.STRIPE_SECRET_KEY) issue(variable, 'only applies with STRIPE_SECRET_KEY: set both, or neither');
    }
  });

const developmentSecret = 'development-only-secret-change-me-in-production';

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  googleClientId: string | undefined;
  smsApiUrl: string | undefined;
  smsApiKey: string | undefined;
  smsFrom: string;
  /** Secret that signs payment webhooks: Stripe's when set, else one derived from APP_SECRET. */
  paymentsWebhookSecret: string;
  /** Stripe takes payments and card checks when its keys are set; null means the built-in test provider. */
  stripe: StripeSettings | null;
  redisUrl: string | undefined;
  demoData: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Scales every abuse limit; 1 in production. The API tests raise it except where they test limits. */
  rateLimitMultiplier: number;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** How long a hot read (browse pages, listing detail, map counts, sessions) may be served from memory; 0 turns that off. */
  readCacheMs: number;
  /** How long an uploaded photo that no listing shows is kept before it is deleted. */
  photoCleanupGraceMs: number;
};

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Prices made in Stripe's dashboard; a tier without one gets a price made from the tier table. */
  priceIds: { explorer: string | undefined; connector: string | undefined };
  /** Where the Stripe API is (the tests point it at a local fake); undefined means Stripe's own. */
  apiBase: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    appSecret: env.APP_SECRET ?? developmentSecret,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmails: env.ADMIN_EMAILS,
    googleClientId: env.GOOGLE_CLIENT_ID,
    smsApiUrl: env.SMS_API_URL,
    smsApiKey: env.SMS_API_KEY,
    smsFrom: env.SMS_FROM,
    paymentsWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? createHmac('sha256', env.APP_SECRET ?? developmentSecret).update('payments-webhook').digest('hex'),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            priceIds: { explorer: env.STRIPE_PRICE_EXPLORER, connector: env.STRIPE_PRICE_CONNECTOR },
            apiBase: env.STRIPE_API_BASE,
          }
        : null,
    redisUrl: env.REDIS_URL,
    demoData: env.DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    readCacheMs: env.READ_CACHE_MS,
    photoCleanupGraceMs: env.PHOTO_CLEANUP_GRACE_HOURS * 60 * 60 * 1000,
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
  };
}

/** What the browser may know about the settings. */
export function publicConfig(config: Config) {
  return {
    googleClientId: config.googleClientId ?? null,
    mapTileUrl: config.mapTileUrl,
    mapTileAttribution: config.mapTileAttribution,
    paymentProvider: config.stripe ? ('stripe' as const) : ('test' as const),
    stripePublishableKey: config.stripe?.publishableKey ?? null,
  };
}
