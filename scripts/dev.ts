// `npm run dev`: the API with reload on change (tsx watch) behind Vite's dev server with hot
// module reload. Open http://localhost:5000 (PORT); the API listens on API_PORT (5001).
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
});
run('node_modules/.bin/vite', ['--port', port, '--strictPort'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
