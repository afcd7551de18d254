// A TCP proxy between the app and a server (PostgreSQL, Redis) that a test can cut and restore, as
// a network failure or a database restart would, or hold, as a server that hangs would.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Drops every open connection and refuses new ones until restored. */
  cut: () => void;
  restore: () => void;
  /** Holds everything sent either way (a server that hangs) until released; nothing is lost. */
  hold: () => void;
  release: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  let held = false;
  const open = new Set<net.Socket>();
  const pipes: Array<{ from: net.Socket; to: net.Socket }> = [];
  const forward = (from: net.Socket, to: net.Socket) => {
    pipes.push({ from, to });
    from.pipe(to);
    if (held) from.pause();
    // pipe() resumes a paused source when the target drains: a held proxy stays held.
    from.on('resume', () => {
      if (held) from.pause();
    });
  };
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut: () => {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      isCut = false;
    },
    hold: () => {
      held = true;
      for (const { from } of pipes) from.pause();
    },
    release: () => {
      held = false;
      for (const { from } of pipes) if (!from.destroyed) from.resume();
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy in front of the PostgreSQL server at `serverUrl`, and `connectVia`, which sends a database's URL through it (openTestDatabase). */
export async function proxyPostgres(serverUrl: string): Promise<{ proxy: TcpProxy; connectVia: (url: URL) => URL }> {
  const target = new URL(serverUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const connectVia = (url: URL) => {
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return url;
  };
  return { proxy, connectVia };
}
