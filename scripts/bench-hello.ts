// The benchmark's ceiling: the same Fastify as the app, one route, nothing else. `npm run bench`
// starts it as its own process on PORT (127.0.0.1) and measures GET / to see what the framework
// and this machine can do before any application work.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
console.log(`bench-hello listening on ${port}`);
