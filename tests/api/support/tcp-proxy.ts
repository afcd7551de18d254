// A TCP proxy between the app and PostgreSQL that a test can cut and restore, as a network
// failure or a database restart would.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Drops every open connection and refuses new ones until restored. */
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const open = new Set<net.Socket>();
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
    client.pipe(upstream);
    upstream.pipe(client);
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
