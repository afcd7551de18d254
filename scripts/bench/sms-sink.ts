// An HTTP endpoint that answers 200 to every SMS the app sends and discards it, so the app can
// run with NODE_ENV=production (which requires SMS_API_URL) without sending real texts.
import http from 'node:http';

export type SmsSink = { url: string; received: () => number; close: () => Promise<void> };

export async function startSmsSink(): Promise<SmsSink> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
