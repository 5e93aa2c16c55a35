import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const STARTED = /Whisp is running at (http:\/\/\S+?)"/;
// SIGTERM must end a server within 10 s (api.md); past this a stuck one is killed outright.
const STOP_WITHIN_MS = 15_000;

export interface Instance {
  name: string;
  url: string;
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited in time. */
  stop(): Promise<void>;
}

/**
 * The real entry point in a process of its own, as `pnpm dev` runs it, listening on a port the
 * system picks. Resolves once it says it is running.
 */
export async function startInstance(
  name: string,
  env: Record<string, string | undefined>,
): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--conditions=@whisp/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        WHISP_DEMO: 'off',
        WHISP_STATIC_DIR: path.join(tmpdir(), 'whisp-no-web-app-here'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const started = STARTED.exec(output);
      if (started?.[1]) resolve(started[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() =>
      reject(new Error(`Instance ${name} exited before starting:\n${output}`)),
    );
  });
  return { name, url, output: () => output, stop: () => stop(child, exited) };
}

async function stop(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
  await exited;
  clearTimeout(timer);
}
