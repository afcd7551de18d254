// A tiny `--name value` / `--flag` parser for the scale seed and the benchmark scripts.

export type CliArgs = Map<string, string | true>;

export function parseCliArgs(argv: string[] = process.argv.slice(2)): CliArgs {
  const args: CliArgs = new Map();
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index];
    if (!token.startsWith('--')) throw new Error(`Unexpected argument "${token}": options look like --listings 100000.`);
    const [name, inlineValue] = token.slice(2).split('=', 2);
    if (inlineValue !== undefined) {
      args.set(name, inlineValue);
    } else if (index + 1 < argv.length && !argv[index + 1].startsWith('--')) {
      args.set(name, argv[index + 1]);
      index += 1;
    } else {
      args.set(name, true);
    }
  }
  return args;
}

export function positiveIntegerArg(args: CliArgs, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw === true || !Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number (got "${String(raw)}").`);
  return value;
}

export function positiveNumberArg(args: CliArgs, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw === true || !Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number (got "${String(raw)}").`);
  return value;
}

export function stringArg(args: CliArgs, name: string): string | undefined {
  const raw = args.get(name);
  if (raw === true) throw new Error(`--${name} needs a value.`);
  return raw;
}

/** postgres://user:secret@host/db -> postgres://user:***@host/db, for printing. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export function isPostgresUrl(databaseUrl: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(databaseUrl).protocol);
  } catch {
    return false;
  }
}
