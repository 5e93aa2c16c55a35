// `pnpm dev`: the API in watch mode and Vite with hot reload, Vite proxying /api, /health and /media.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('pnpm', ['--filter', '@whisp/server', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn('pnpm', ['--filter', '@whisp/app', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, WHISP_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
