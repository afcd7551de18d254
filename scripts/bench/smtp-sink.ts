// An SMTP server that accepts every message and throws it away, so the app can run with
// NODE_ENV=production (which requires SMTP_URL) without sending real mail.
import { SMTPServer } from 'smtp-server';

export type SmtpSink = { port: number; received: () => number; close: () => Promise<void> };

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Listens on the preferred port, or on any free port when that one is taken. */
export async function startSmtpSink(preferredPort: number): Promise<SmtpSink> {
  let received = 0;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('end', () => {
          received += 1;
          callback();
        });
        stream.resume();
      },
    });
  let server = create();
  let port: number;
  try {
    port = await listen(server, preferredPort);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server = create();
    port = await listen(server, 0);
    console.log(`  port ${preferredPort} is taken; the SMTP sink listens on ${port} instead`);
  }
  // The app's pooled connections are cut when it stops: that is the client going, not a failure.
  server.on('error', () => {});
  return {
    port,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
