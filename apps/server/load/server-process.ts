import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const STARTED = /Whisp is running at (http:\/\/\S+?)"/;
// A soak logs every request for minutes: only the end of the output is kept.
const OUTPUT_KEPT_CHARACTERS = 4_000_000;

export type ServerEntry = 'source' | 'built';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** What it printed (JSON log lines at info level, which the start is read from), the last 4 MB. */
  output(): string;
  /** Settles when the process has gone, however it went. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** Calls `listener` with each whole line printed from now on; returns how to stop. */
  onLine(listener: (line: string) => void): () => void;
  kill(signal: NodeJS.Signals): void;
}

export interface StartServerOptions {
  /** Added to this process's environment; undefined removes a variable. */
  env: Record<string, string | undefined>;
  /** The TypeScript source through tsx (as `pnpm dev`), or dist/server.js (as `pnpm start`). */
  entry?: ServerEntry;
  /** Node flags before the entry point. */
  nodeArgs?: string[];
}

/**
 * The real entry point in a process of its own, on loopback and a port the system picks. Demo data,
 * the web app and Redis stay out unless the caller's env brings them back.
 */
export async function startServerProcess({
  env,
  entry = 'source',
  nodeArgs = [],
}: StartServerOptions): Promise<ServerProcess> {
  const args = [
    ...nodeArgs,
    ...(entry === 'source'
      ? ['--conditions=@whisp/source', '--import', 'tsx', 'src/server.ts']
      : ['dist/server.js']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: withoutUndefined({
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WHISP_DEMO: 'off',
      WHISP_STATIC_DIR: path.join(tmpdir(), 'whisp-no-web-app-here'),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (output.length > OUTPUT_KEPT_CHARACTERS) output = output.slice(-OUTPUT_KEPT_CHARACTERS / 2);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const lineListeners = new Set<(line: string) => void>();
  let partialLine = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partialLine + chunk).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) for (const listener of lineListeners) listener(line);
  });
  let gone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      gone = true;
      resolve({ code, signal });
    });
  });

  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const started = STARTED.exec(output);
      if (started?.[1]) resolve(started[1]);
    };
    child.stdout?.on('data', check);
    void exited.then(({ code, signal }) =>
      reject(new Error(`The server exited (${code ?? signal}) before it started:\n${output}`)),
    );
  });

  return {
    child,
    pid: child.pid as number,
    url,
    output: () => output,
    exited,
    hasExited: () => gone,
    onLine(listener) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    kill: (signal) => {
      if (!gone) child.kill(signal);
    },
  };
}

function withoutUndefined(env: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Polls until the condition holds; throws with `what` once `timeoutMs` has passed. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 50 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
