// Settings come from environment variables, parsed once at start-up. A bad value stops the
// server with a message naming the variable (see README "Settings").
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { productionSecretRules, productionUrlsWithPasswords, secretProblem, urlPasswordProblem } from './secret-strength';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A yes/no setting: `true`/`1`/`yes` or `false`/`0`/`no`; empty is unset. */
const flagSetting = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional();
const isOn = (flag: z.infer<typeof flagSetting>) => flag === 'true' || flag === '1' || flag === 'yes';

/** `NAME=` (as compose files write an unused setting) means unset, not zero. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

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

/** An address or a CIDR block: `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
function isAddressOrBlock(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is: a number of hops in front of the server, or their
 * addresses. `true` (trust every hop) would let any client name its own address in
 * X-Forwarded-For and walk past every per-address limit, so it is refused.
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else {
      const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (addresses.length > 0 && addresses.every(isAddressOrBlock)) return addresses;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true' || value === 'yes'
          ? "must say how many proxies are in front of the server (1 for one load balancer) or list their addresses: 'true' would trust any client's X-Forwarded-For"
          : 'must be a number of proxies (1 to 10) or a comma-separated list of proxy addresses or CIDR blocks',
    });
    return z.NEVER;
  });

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: optionalText,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    DATABASE_REPLICA_URLS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine(
        (urls) =>
          urls.every((url) => {
            try {
              return ['postgres:', 'postgresql:'].includes(new URL(url).protocol);
            } catch {
              return false;
            }
          }),
        { message: 'must be postgres:// URLs separated by commas' },
      ),
    REPLICA_MAX_LAG_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(100).max(60_000).default(1_000)),
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
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER_URL: optionalUrl(['http:', 'https:']),
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
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flagSetting,
    MEDIA_PUBLIC_URL: optionalUrl(['http:', 'https:']),
    DEMO_DATA: flagSetting,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySetting,
    MAP_TILE_URL: z.string().trim().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .trim()
      .min(1)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
    READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
    LISTING_VIEW_FLUSH_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    PHOTO_CLEANUP_GRACE_HOURS: z.coerce.number().min(1).max(24 * 365).default(24),
    EVENT_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
    JOB_SCHEDULE_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
    JOB_STOP_WAIT_SECONDS: z.coerce.number().min(1).max(60).default(10),
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters (make one with: openssl rand -hex 24)',
    }),
    METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
    METRICS_HOST: optionalText,
    DRAIN_SECONDS: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(120).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_REPLICA_URLS.length > 0 && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message: 'needs DATABASE_URL: replicas follow a PostgreSQL primary, not the embedded database' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production: make one with openssl rand -hex 32' });
    }
    // Placeholders and hand-typed values of every secret (decision 25): whoever reads them could forge what they sign.
    for (const rule of productionSecretRules) {
      const value = env[rule.variable as keyof typeof env];
      const problem = typeof value === 'string' ? secretProblem(value, rule) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [rule.variable], message: problem });
    }
    for (const variable of productionUrlsWithPasswords) {
      const value = env[variable as keyof typeof env];
      const problem = typeof value === 'string' ? urlPasswordProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [variable], message: problem });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production so mail reaches members' });
    }
    // Links in mail, canonical and share links, the sitemap and Google's redirect are all made from it.
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: "is required in production: links in mail, search engines' and chat apps' links are made from it" });
    } else if (!env.PUBLIC_URL.startsWith('https:')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must start with https:// in production' });
    }
    if (!env.SMS_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_API_URL'], message: 'is required in production so phone codes reach members' });
    }
    // The built-in test provider takes "payments" and card checks from anyone.
    if (!env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required in production (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET): the built-in test payment provider accepts any test card',
      });
    }
    // The demo members include an admin whose password is published in the README.
    if (isOn(env.DEMO_DATA)) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_DATA'], message: 'cannot be true in production: the demo members include an admin with a published password' });
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
  })
  .superRefine((env, ctx) => {
    // Media in a bucket (decision 24): the other S3 settings only mean something with S3_BUCKET.
    const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    for (const variable of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL'] as const) {
      if (env[variable] && !env.S3_BUCKET) issue(variable, 'only applies with S3_BUCKET: set the bucket too, or leave it unset (media stays on local disk)');
    }
    if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) issue('S3_SECRET_ACCESS_KEY', 'is required when S3_ACCESS_KEY_ID is set');
    if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) issue('S3_ACCESS_KEY_ID', 'is required when S3_SECRET_ACCESS_KEY is set');
    if (env.NODE_ENV === 'production' && env.MEDIA_PUBLIC_URL?.startsWith('http:')) issue('MEDIA_PUBLIC_URL', 'must start with https:// in production');
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: the metrics port is a second, private one' });
    }
    if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_HOST'], message: 'only applies with METRICS_PORT: set the port too, or leave it unset' });
    }
  })
  .superRefine((env, ctx) => {
    // Google sign-in is all or nothing too: a button whose sign-in can never finish is worse than none.
    const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      issue('GOOGLE_CLIENT_SECRET', 'is required when GOOGLE_CLIENT_ID is set: Google hands over a sign-in only to a client that presents its secret');
    }
    if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) issue('GOOGLE_CLIENT_ID', 'is required when GOOGLE_CLIENT_SECRET is set');
    if (env.GOOGLE_ISSUER_URL && !(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)) {
      issue('GOOGLE_ISSUER_URL', 'only applies with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set them too, or leave it unset');
    }
    // Plain HTTP is for a provider on this computer (the tests'); members' sign-ins travel over TLS.
    if (env.NODE_ENV === 'production' && env.GOOGLE_ISSUER_URL?.startsWith('http:')) {
      issue('GOOGLE_ISSUER_URL', 'must start with https:// in production');
    }
  });

/** Google's own OpenID Connect issuer; GOOGLE_ISSUER_URL replaces it (the tests run a local one). */
export const googleIssuerUrl = 'https://accounts.google.com';

/**
 * Outside production, without APP_SECRET: a random secret made on first start and kept under
 * DATA_DIR, so no two installs share one and nothing in the code can forge what it signs.
 */
function readInstallSecret(dataDir: string): string {
  const file = path.join(dataDir, 'install-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: made below
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of databaseUrl for the public reads (decision 39); empty: every read on the primary. */
  replicaUrls: string[];
  /** A replica further behind than this is left out until it catches up. */
  replicaMaxLagMs: number;
  publicUrl: string;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  /** "Continue with Google" works when these are set; null hides the button. */
  google: GoogleSettings | null;
  smsApiUrl: string | undefined;
  smsApiKey: string | undefined;
  smsFrom: string;
  /** Secret that signs payment webhooks: Stripe's when set, else one derived from APP_SECRET. */
  paymentsWebhookSecret: string;
  /** Stripe takes payments and card checks when its keys are set; null means the built-in test provider. */
  stripe: StripeSettings | null;
  redisUrl: string | undefined;
  /** Photos and videos go to this bucket when S3_BUCKET is set; null keeps them on local disk under DATA_DIR. */
  s3: S3Settings | null;
  demoData: boolean;
  logLevel: string;
  /** Proxies trusted to name the client: a hop count, their addresses, or none (false). */
  trustProxy: number | string[] | false;
  /** Scales every abuse limit; 1 in production. The API tests raise it except where they test limits. */
  rateLimitMultiplier: number;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** How long a hot read (browse pages, listing detail, map counts, sessions) may be served from memory; 0 turns that off. */
  readCacheMs: number;
  /** How often each server writes the listing views it counted (decision 48); 0: views are not counted. */
  listingViewFlushMs: number;
  /** How long a visitor's page is kept before it is rendered again in the background (any change to what it shows drops it at once); 0: pages are not kept. */
  pageCacheMs: number;
  /** How long an uploaded photo that no listing shows is kept before it is deleted. */
  photoCleanupGraceMs: number;
  /** How often an idle job worker looks for jobs other servers queued (its own wake it at once). */
  jobPollingSeconds: number;
  /** How often the app servers look at the schedules (hourly upkeep, photo clean-up, digests): one of them queues what is due. */
  jobScheduleSeconds: number;
  /** When the server stops, how long it waits for the jobs it is running before it hands them back to be retried. */
  jobStopWaitSeconds: number;
  /** How often an open event stream checks that its session still exists (signed out: the stream ends). */
  eventSessionCheckMs: number;
  /** Prometheus metrics at /metrics: behind a bearer token on PORT, and/or on a port of their own. null: off (404). */
  metrics: MetricsSettings | null;
  /** After SIGTERM, how long the server keeps serving while readiness answers 503, so the load balancer takes it out first. */
  drainMs: number;
};

export type MetricsSettings = {
  /** GET /metrics on PORT answers only `Authorization: Bearer <token>`; undefined: not served on PORT. */
  token: string | undefined;
  /** A second listener serving only /metrics, without a token: it must not be reachable from the internet. */
  port: number | undefined;
  /** The interface that listener binds: loopback unless METRICS_HOST names Prometheus's network (or 0.0.0.0). */
  host: string;
};

export type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer whose discovery document names its endpoints and keys. */
  issuerUrl: string;
};

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Prices made in Stripe's dashboard; a tier without one gets a price made from the tier table. */
  priceIds: { explorer: string | undefined; connector: string | undefined };
  /** Where the Stripe API is (the tests point it at a local fake); undefined means Stripe's own. */
  apiBase: string | undefined;
};

export type S3Settings = {
  bucket: string;
  /** An S3-compatible server (MinIO, R2); undefined means AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the SDK's own chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (http://host/bucket/key), as MinIO and s3rver want, instead of in the host name. */
  forcePathStyle: boolean;
  /** A CDN (or the bucket's public address) in front: /media/… and /videos/… redirect there; undefined: the app streams from the bucket. */
  publicUrl: string | undefined;
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
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  const appSecret = env.APP_SECRET ?? readInstallSecret(dataDir);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // Outside production only this computer can reach the server unless HOST says otherwise.
    host: env.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: env.REPLICA_MAX_LAG_MS,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    appSecret,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmails: env.ADMIN_EMAILS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL ?? googleIssuerUrl }
        : null,
    smsApiUrl: env.SMS_API_URL,
    smsApiKey: env.SMS_API_KEY,
    smsFrom: env.SMS_FROM,
    paymentsWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? createHmac('sha256', appSecret).update('payments-webhook').digest('hex'),
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
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: isOn(env.S3_FORCE_PATH_STYLE),
          publicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : null,
    // Demo data by default on a laptop, never in production (refused above).
    demoData: env.DEMO_DATA === undefined || env.DEMO_DATA === '' ? !isProduction : isOn(env.DEMO_DATA),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    readCacheMs: env.READ_CACHE_MS,
    listingViewFlushMs: env.LISTING_VIEW_FLUSH_MS,
    // A page costs a hundred API reads to render: kept longer, and off with the read cache.
    pageCacheMs: env.READ_CACHE_MS === 0 ? 0 : env.PAGE_CACHE_MS,
    photoCleanupGraceMs: env.PHOTO_CLEANUP_GRACE_HOURS * 60 * 60 * 1000,
    eventSessionCheckMs: env.EVENT_SESSION_CHECK_MS,
    jobPollingSeconds: env.JOB_POLL_SECONDS,
    jobScheduleSeconds: env.JOB_SCHEDULE_SECONDS,
    jobStopWaitSeconds: env.JOB_STOP_WAIT_SECONDS,
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    // Off unless asked for: metrics name routes and volumes nobody outside should see.
    // The tokenless port answers whoever reaches it, so it listens on loopback unless told otherwise.
    metrics: env.METRICS_TOKEN || env.METRICS_PORT ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' } : null,
    // In production a load balancer checks readiness every few seconds: give it time to notice.
    drainMs: (env.DRAIN_SECONDS ?? (isProduction ? 5 : 0)) * 1000,
  };
}

/** What the browser may know about the settings. */
export function publicConfig(config: Config) {
  return {
    googleClientId: config.google?.clientId ?? null,
    mapTileUrl: config.mapTileUrl,
    mapTileAttribution: config.mapTileAttribution,
    paymentProvider: config.stripe ? ('stripe' as const) : ('test' as const),
    stripePublishableKey: config.stripe?.publishableKey ?? null,
  };
}
