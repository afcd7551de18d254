// What production accepts as a secret (decision 25). A placeholder copied from deploy/.env.example,
// or a value typed by hand, signs sessions' hand-overs, webhooks and codes that anyone who reads
// the example could forge: the server refuses to start with one, naming the setting.

/** Words that only placeholders contain: `change-me`, `changeme`, `replace_me`, `your-key-here`, ... */
const placeholderPattern = /change[-_ .]?me|replace[-_ .]?me|placeholder|your[-_ .]?(?:own|key|secret|token|password)|example|xxxx/i;

/** A random value of this length has these many different characters, near enough always. */
const fewestDistinctCharacters = 8;

export type SecretRule = {
  variable: string;
  /** Characters after the provider's prefix (`whsec_`, `sk_live_`) that must look random. */
  minLength: number;
  /** The provider's fixed prefix, not counted as random. */
  prefix?: RegExp;
  /** How to make one, for the message. */
  howToMake: string;
};

/** Every secret production reads, with how long its random part must be. */
export const productionSecretRules: SecretRule[] = [
  { variable: 'APP_SECRET', minLength: 32, howToMake: 'openssl rand -hex 32' },
  { variable: 'METRICS_TOKEN', minLength: 32, howToMake: 'openssl rand -hex 24' },
  { variable: 'STRIPE_WEBHOOK_SECRET', minLength: 32, prefix: /^whsec_/, howToMake: "the webhook endpoint's signing secret in Stripe's dashboard" },
  { variable: 'STRIPE_SECRET_KEY', minLength: 32, prefix: /^(?:sk|rk)_(?:test|live)_/, howToMake: "the secret key in Stripe's dashboard" },
  { variable: 'S3_SECRET_ACCESS_KEY', minLength: 32, howToMake: 'the storage provider, or openssl rand -hex 24 for your own MinIO' },
  // Providers issue these, some shorter than 32 characters: their placeholders and hand-typed values are refused all the same.
  { variable: 'GOOGLE_CLIENT_SECRET', minLength: 24, prefix: /^GOCSPX-/, howToMake: 'the OAuth client in Google Cloud console' },
  { variable: 'SMS_API_KEY', minLength: 24, howToMake: "the SMS provider's dashboard" },
];

/** Settings that are addresses which may carry a password (`postgres://user:password@host`). */
export const productionUrlsWithPasswords = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'];

/** True when the text repeats one short unit (`abcabcabc…`, `xxxx…`). */
function isRepetition(text: string): boolean {
  for (let unit = 1; unit <= Math.min(16, text.length / 2); unit += 1) {
    if (text.length % unit === 0 && text.slice(unit) === text.slice(0, -unit)) return true;
  }
  return false;
}

function looksHandMade(text: string): boolean {
  if (isRepetition(text)) return true;
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  if (counts.size < fewestDistinctCharacters) return true;
  // One character half the value, or nine alike in a row: typed, not drawn. (A third, or six in a
  // row, refused about one real openssl token in 15,000.)
  if (Math.max(...counts.values()) * 2 > text.length) return true;
  return /(.)\1{8}/.test(text);
}

/** Why a value is a placeholder, or null. */
export function placeholderProblem(value: string): string | null {
  const marker = placeholderPattern.exec(value);
  return marker ? `is a placeholder (it contains "${marker[0]}")` : null;
}

/** Why production must not use this value for the rule's setting, or null when it may. */
export function secretProblem(value: string, rule: SecretRule): string | null {
  const make = `: make one with ${rule.howToMake}`;
  const placeholder = placeholderProblem(value);
  if (placeholder) return placeholder + make;
  // STRIPE_WEBHOOK_SECRET may hold two comma-separated secrets while one replaces the other.
  for (const part of value.split(',').map((entry) => entry.trim())) {
    const random = rule.prefix ? part.replace(rule.prefix, '') : part;
    if (random.length < rule.minLength) return `must have at least ${rule.minLength} random characters in production${make}`;
    if (looksHandMade(random)) return `does not look random (too few different characters, or characters repeated)${make}`;
  }
  return null;
}

/** Why a URL's password is a placeholder, or null (an address without a password is fine). */
export function urlPasswordProblem(value: string): string | null {
  try {
    const { password, username } = new URL(value);
    const problem = placeholderProblem(decodeURIComponent(password)) ?? placeholderProblem(decodeURIComponent(username));
    return problem ? `holds a password that ${problem}` : null;
  } catch {
    return null;
  }
}
