// The production files under deploy/ (docs/deploy.md): the compose file names real official images
// with explicit tags, gives both app servers every setting production requires (checked by the
// server's own loadConfig), and puts them behind the proxy; the Caddyfile's limits and health checks
// fit the app; the systemd unit starts, stops and confines the server as the guide says.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { maxVideoBytes } from '../../src/domain/admin';
import { tierRules } from '../../src/domain/tiers';
import { ConfigError, loadConfig } from '../../src/server/config';
import { serveCommand } from '../../scripts/serve-command';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
  user?: string;
};

/** KEY=value lines as Compose reads an .env file: comments and blank lines skipped, quotes removed. */
function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const raw = match[2].trim();
    values[match[1]] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return values;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?message} (fails when unset or empty), $$ for a $. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
    if (whole === '$$') return '$';
    const current = env[name!];
    const missing = operator?.startsWith(':') ? !current : current === undefined;
    if (operator?.endsWith('?') && missing) throw new Error(`${name} is required: ${argument}`);
    if (operator?.endsWith('-') && missing) return argument ?? '';
    if (current === undefined) throw new Error(`${name} is used but not set in deploy/.env.example`);
    return current;
  });
}

const compose = parseYaml(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const envExample = parseEnvFile(read('deploy/.env.example'));
const appServices = ['app1', 'app2'];

/** deploy/.env as an operator fills it in: every placeholder replaced by a value from openssl rand. */
const filledIn = Object.fromEntries(
  Object.entries(envExample).map(([key, value]) => [key, value.replace(/change[-_]me[\w-]*/g, () => randomBytes(24).toString('hex'))]),
);

function environmentOf(service: string, env: Record<string, string> = filledIn): Record<string, string> {
  return Object.fromEntries(Object.entries(services[service].environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''), env)]));
}

/** Official images, each with an explicit tag of a release line that exists (never `latest`). */
const officialImages: Record<string, RegExp> = {
  postgres: /^1[5-7](\.\d+)?(-bookworm)?$/,
  redis: /^7(\.\d+){0,2}(-bookworm|-alpine)?$/,
  'minio/minio': /^RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/,
  'minio/mc': /^RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/,
  caddy: /^2(\.\d+){1,2}(-alpine)?$/,
  node: /^20(\.\d+){0,2}-bookworm-slim$/,
};

function isOfficialImage(reference: string): boolean {
  const at = reference.lastIndexOf(':');
  if (at <= 0) return false;
  const pattern = officialImages[reference.slice(0, at)];
  return pattern !== undefined && pattern.test(reference.slice(at + 1));
}

/** A Caddy size (`52MiB`, `60MB`) in bytes. */
function caddyBytes(size: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?$/i.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  const units: Record<string, number> = { b: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 };
  return Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()];
}

/** The unit's [Section] key=value lines; a key given twice keeps every value. */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | null = null;
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]] = {};
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`not a unit file line: ${line}`);
    (current[pair[1]] ??= []).push(pair[2]);
  }
  return sections;
}

const dockerfile = read('deploy/Dockerfile');
const caddyfile = read('deploy/Caddyfile');
const serve = serveCommand(root);

describe('deploy/compose.yaml', () => {
  it('names only official images with explicit tags, and builds the app from deploy/Dockerfile on one', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        expect(service.build.dockerfile, name).toBe('deploy/Dockerfile');
        continue;
      }
      expect(service.image && isOfficialImage(service.image), `${name}: ${service.image}`).toBe(true);
    }
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(isOfficialImage(base), base).toBe(true);
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['app1', 'app2', 'postgres', 'redis', 'minio', 'minio-setup', 'caddy']));
  });

  it("gives both app servers every setting production requires: the server's own loadConfig accepts them", () => {
    for (const name of appServices) {
      const environment = environmentOf(name);
      expect(environment.NODE_ENV).toBe('production');
      let config: ReturnType<typeof loadConfig> | undefined;
      try {
        config = loadConfig({ ...environment, NODE_ENV: 'production' });
      } catch (error) {
        if (error instanceof ConfigError) expect.unreachable(`${name}: ${error.message}`);
        throw error;
      }
      expect(config.isProduction).toBe(true);
      expect(config.demoData).toBe(false);
      expect(config.publicUrl).toBe(`https://${envExample.DOMAIN}`);
      expect(new URL(config.databaseUrl!).host).toBe('postgres:5432');
      expect(new URL(config.redisUrl!).host).toBe('redis:6379');
      expect(config.stripe).not.toBeNull();
      // One proxy (Caddy) in front: exactly one hop of X-Forwarded-For is believed.
      expect(config.trustProxy).toBe(1);
      // Media in MinIO's bucket, path-style, with the app's own key; streamed through the app.
      expect(config.s3).toEqual({
        bucket: envExample.S3_BUCKET,
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: filledIn.S3_ACCESS_KEY_ID, secretAccessKey: filledIn.S3_SECRET_ACCESS_KEY },
        forcePathStyle: true,
        publicUrl: undefined,
      });
      expect(environment.METRICS_TOKEN).toBeTruthy();
    }
    // The same settings on both: a request must not depend on which server it reached.
    expect(environmentOf('app2')).toEqual(environmentOf('app1'));
  });

  it("refuses to start with the example's placeholders, naming every secret left as it is", () => {
    let problems = '';
    try {
      loadConfig({ ...environmentOf('app1', envExample), NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as Error).message;
    }
    for (const name of ['APP_SECRET', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY', 'SMS_API_KEY', 'DATABASE_URL', 'SMTP_URL']) {
      expect(problems, name).toMatch(new RegExp(`${name} [^\\n]*placeholder`));
    }
  });

  it('refuses to start without the required settings (Compose stops on an unset one)', () => {
    expect(() => environmentOf('app1')).not.toThrow();
    const { APP_SECRET: _secret, ...withoutSecret } = envExample;
    expect(() => interpolate(String(services.app1.environment!.APP_SECRET), withoutSecret)).toThrow(/APP_SECRET is required/);
  });

  it('starts the app servers after PostgreSQL, Redis and MinIO, with a stop grace longer than the drain', () => {
    for (const name of appServices) {
      const dependsOn = services[name].depends_on as Record<string, { condition: string }>;
      for (const needed of ['postgres', 'redis', 'minio']) expect(dependsOn[needed]?.condition, `${name} -> ${needed}`).toBe('service_healthy');
      // The drain: DRAIN_SECONDS with readiness at 503, then requests in flight and up to 10 s for a running job.
      const drainSeconds = Number(environmentOf(name).DRAIN_SECONDS ?? 5);
      expect(drainSeconds).toBeGreaterThanOrEqual(2 * 2);
      expect(parseInt(services[name].stop_grace_period ?? '10', 10)).toBeGreaterThanOrEqual(drainSeconds + 30);
    }
    // The second server waits for the first, so two servers never apply the same migration at once.
    expect((services.app2.depends_on as Record<string, { condition: string }>).app1?.condition).toBe('service_healthy');
  });

  it('archives PostgreSQL WAL for point-in-time recovery', () => {
    const command = (services.postgres as Service & { command: string[] }).command.join(' ');
    expect(command).toContain('archive_mode=on');
    expect(command).toMatch(/archive_command=\S+.*%p/);
    expect(command).toContain('wal_level=replica');
    expect(services.postgres.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/:\/var\/lib\/postgresql\/data$/)]));
  });

  it('streams the primary to a hot standby that the app servers read public pages from', () => {
    const replica = services['postgres-replica'] as Service & { entrypoint: string[] };
    expect(replica.image).toBe(services.postgres.image);
    const start = replica.entrypoint.join(' ');
    expect(start).toMatch(/pg_basebackup -h postgres .*-R/);
    expect(start).toContain('hot_standby=on');
    expect((replica.depends_on as Record<string, { condition: string }>).postgres?.condition).toBe('service_healthy');
    // The primary lets it stream, and has senders for it.
    expect(services.postgres.volumes).toContain('./postgres-replication.sh:/docker-entrypoint-initdb.d/replication.sh:ro');
    expect(read('deploy/postgres-replication.sh')).toMatch(/host replication \$\{POSTGRES_USER\} all scram-sha-256/);
    expect((services.postgres as Service & { command: string[] }).command.join(' ')).toMatch(/max_wal_senders=[1-9]/);
    for (const name of appServices) expect(environmentOf(name).DATABASE_REPLICA_URLS, name).toMatch(/@postgres-replica:5432\/neighbourly$/);
  });

  it('keeps every secret in deploy/.env: the example holds placeholders only, and .env is never committed', () => {
    for (const name of ['APP_SECRET', 'POSTGRES_PASSWORD', 'SMS_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'MINIO_ROOT_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN']) {
      expect(envExample[name], name).toMatch(/change[-_]me/);
    }
    expect(envExample.SMTP_URL).toMatch(/change-me/);
    expect(read('.gitignore').split('\n')).toContain('.env');
  });
});

describe('deploy/Dockerfile', () => {
  it('starts the server as `npm run serve` does, as a user other than root, with a liveness check', () => {
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1])).toEqual(['node', ...serve.args]);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/live/m);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
  });
});

describe('deploy/Caddyfile', () => {
  it('balances across both app servers, checking readiness, and streams events unbuffered', () => {
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddyfile)?.[1].trim().split(/\s+/);
    const port = environmentOf('app1').PORT;
    expect(upstreams).toEqual(appServices.map((name) => `${name}:${port}`));
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health\/ready$/m);
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    expect(caddyfile).toMatch(/^\s*Strict-Transport-Security "max-age=\d+; includeSubDomains"$/m);
    expect(services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(services.caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
  });

  it("lets the largest upload the app takes through (a homepage video or a photo)", () => {
    const largestUpload = Math.max(maxVideoBytes, ...Object.values(tierRules).map((rules) => rules.maxImageBytes));
    const maxSize = /request_body\s*\{\s*max_size\s+(\S+)\s*\}/.exec(caddyfile)?.[1];
    expect(maxSize).toBeDefined();
    expect(caddyBytes(maxSize!)).toBeGreaterThanOrEqual(largestUpload);
    expect(caddyBytes(maxSize!)).toBeLessThan(largestUpload * 2);
  });
});

describe('deploy/neighbourly.service', () => {
  const unit = parseUnit(read('deploy/neighbourly.service'));
  const service = unit.Service;

  it('runs the server as `npm run serve` does, from its environment file, as its own user', () => {
    const [binary, ...args] = service.ExecStart[0].split(/\s+/);
    expect(binary).toMatch(/^\/usr\/(local\/)?bin\/node$/);
    expect(args).toEqual(serve.args);
    expect(service.EnvironmentFile[0]).toMatch(/^\/etc\/neighbourly\/\S+\.env$/);
    expect(service.Environment).toContain('NODE_ENV=production');
    expect(service.User[0]).not.toBe('root');
    expect(service.Restart[0]).toBe('on-failure');
    expect(unit.Install.WantedBy).toContain('multi-user.target');
  });

  it('stops with SIGTERM and waits for the drain, confined', () => {
    expect(service.KillSignal).toEqual(['SIGTERM']);
    // DRAIN_SECONDS is at most 60 (the unit says so), then requests in flight and up to 10 s for a job.
    expect(parseInt(service.TimeoutStopSec[0], 10)).toBeGreaterThanOrEqual(90);
    for (const setting of ['NoNewPrivileges', 'ProtectHome', 'PrivateTmp', 'RestrictSUIDSGID']) expect(service[setting], setting).toEqual(['yes']);
    expect(service.ProtectSystem).toEqual(['strict']);
    expect(service.CapabilityBoundingSet).toEqual(['']);
  });
});
