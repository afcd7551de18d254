// What every ceiling process does once its routes are set: listen on PORT, and on SIGTERM or SIGINT
// close the server, then what it holds (its pg pool), and exit.
import type { FastifyInstance } from 'fastify';

export async function serveCeiling(app: FastifyInstance, options: { label: string; close: () => Promise<void> }): Promise<void> {
  const shutdown = () => {
    void app
      .close()
      .then(options.close)
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  console.log(`${options.label} listening on ${process.env.PORT}`);
}
