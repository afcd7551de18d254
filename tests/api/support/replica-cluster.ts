// A PostgreSQL primary and a streaming replica of it, made with PostgreSQL's own tools (initdb,
// pg_basebackup -R, pg_ctl) in a temporary folder on free ports, for the read-replica tests. The
// server refuses to run as root: as root, the tools run as the postgres user. Where the tools (or
// that user) are missing, `replicaClusterUnavailable()` says why and the tests are skipped.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The folder of PostgreSQL's server programs: Debian keeps them by version under /usr/lib/postgresql. */
function binFolder(): string | null {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (existsSync(path.join(root, version, 'bin', 'pg_basebackup'))) return path.join(root, version, 'bin');
  }
  return null;
}

const isRoot = process.getuid?.() === 0;

async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/** Why a primary and replica cannot be made here, or null when they can. */
export async function replicaClusterUnavailable(): Promise<string | null> {
  const bin = binFolder();
  if (!bin) return "PostgreSQL's server programs (initdb, pg_basebackup, pg_ctl) are not installed; set PG_BIN to their folder";
  if (isRoot && !(await postgresUser())) return 'running as root without a postgres user to run the PostgreSQL server as';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica as its superuser (pausing and resuming replay). */
  onReplica: (text: string) => Promise<void>;
  stopReplica: () => Promise<void>;
  startReplica: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = binFolder()!;
  const user = isRoot ? await postgresUser() : null;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'replica-cluster-'));
  if (user) await chown(folder, user.uid, user.gid);
  const tool = async (name: string, args: string[]) => {
    const program = path.join(bin, name);
    await (user ? run('runuser', ['-u', 'postgres', '--', program, ...args], { cwd: folder }) : run(program, args, { cwd: folder }));
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');
  const serverOptions = (port: number, extra: string) => `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${extra}`;
  const startReplica = () => tool('pg_ctl', ['-D', replicaDir, '-o', serverOptions(replicaPort, '-c hot_standby=on'), '-l', path.join(folder, 'replica.log'), '-w', 'start']);

  await tool('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await tool('pg_ctl', ['-D', primaryDir, '-o', serverOptions(primaryPort, '-c wal_level=replica -c max_wal_senders=5'), '-l', path.join(folder, 'primary.log'), '-w', 'start']);
  await tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '--no-sync']);
  await startReplica();

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  return {
    primaryUrl,
    replicaUrl,
    onReplica: async (text) => {
      const client = new pg.Client({ connectionString: replicaUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
    stopReplica: () => tool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']),
    startReplica,
    close: async () => {
      await tool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await tool('pg_ctl', ['-D', primaryDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
