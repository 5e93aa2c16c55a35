// The one way tests, the soak, the benchmarks and the end-to-end suite start Whisp's server (and
// run its command-line scripts) in a process of their own. Types: server-process.d.mts.
//
// Plain ESM JavaScript on purpose: `pnpm bench` and Playwright's web server (e2e/serve-built-app.mjs)
// run under plain Node, without a TypeScript loader in the process that measures or serves, and
// vitest and tsx import an .mjs file as readily as a .ts one. The declarations beside it give the
// TypeScript callers their types; keep the two in step.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: the working directory of every process started here. */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

const STARTED = /Whisp is running at (http:\/\/[^\s"]+)/;
const SOURCE_ARGS = ['--conditions=@whisp/source', '--import', 'tsx'];
// A soak logs every request for minutes: only the end of the output is kept.
const OUTPUT_KEPT_CHARACTERS = 4_000_000;
// How much of the output an error message quotes.
const OUTPUT_IN_ERRORS = 6_000;
// Cold Node, tsx and migrations on a loaded 2-core machine; a first demo load takes longer and
// passes its own.
const DEFAULT_START_TIMEOUT_MS = 120_000;
// SIGTERM must end a server within 10 s (api.md); past this a stuck one is killed outright.
const DEFAULT_KILL_AFTER_MS = 15_000;
const QUIETER_THAN_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** Raised when the server exits, or does not answer /health in time, before it is ready. */
export class ServerStartError extends Error {
  constructor(message, { output, code, signal }) {
    super(
      `${message}\n--- its output (last ${OUTPUT_IN_ERRORS} characters) ---\n${output.slice(-OUTPUT_IN_ERRORS)}`,
    );
    this.name = 'ServerStartError';
    this.output = output;
    this.code = code;
    this.signal = signal;
  }
}

/** A port free on 127.0.0.1 right now (for callers that must know it before the server logs it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server and resolves once it answers GET /health with 200: `src/server.ts` through tsx
 * with the @whisp/source condition (as `pnpm dev` runs it) or the built `dist/server.js` (as
 * `pnpm start` does), on loopback. Demo data, the web app, PostgreSQL and Redis stay out unless the
 * caller's env brings them back (a key set to undefined removes a variable). Without
 * WHISP_DATA_DIR in env, a new temporary data directory is used and deleted once the process exits.
 *
 * Port: the given one, else the one the system picks (read from the "Whisp is running at" line,
 * so no other process can take it meanwhile); with LOG_LEVEL quieter than info that line is not
 * printed, so a free port is chosen beforehand instead.
 */
export async function startServerProcess({
  env = {},
  entry = 'source',
  nodeArgs = [],
  port,
  timeoutMs = DEFAULT_START_TIMEOUT_MS,
  echo = false,
} = {}) {
  const logLevel = 'LOG_LEVEL' in env ? env.LOG_LEVEL : 'info';
  // A PORT in env is passed on as it is (a test may give an invalid one on purpose).
  const requested = port ?? (env.PORT === undefined ? undefined : Number(env.PORT));
  const listenPort = Number.isInteger(requested)
    ? requested
    : QUIETER_THAN_INFO.has(logLevel ?? '')
      ? await freePort()
      : 0;
  let temporaryDataDir;
  if (!('WHISP_DATA_DIR' in env)) {
    temporaryDataDir = mkdtempSync(path.join(tmpdir(), 'whisp-server-'));
  }
  const args = [
    ...nodeArgs,
    ...(entry === 'source' ? [...SOURCE_ARGS, 'src/server.ts'] : ['dist/server.js']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: withoutUndefined({
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WHISP_DEMO: 'off',
      WHISP_STATIC_DIR: path.join(tmpdir(), 'whisp-no-web-app-here'),
      ...(temporaryDataDir ? { WHISP_DATA_DIR: temporaryDataDir } : {}),
      PORT: String(listenPort),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (output.length > OUTPUT_KEPT_CHARACTERS) output = output.slice(-OUTPUT_KEPT_CHARACTERS / 2);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  if (echo) {
    child.stdout.on('data', (chunk) => process.stdout.write(chunk));
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  }
  const lineListeners = new Set();
  let partialLine = '';
  child.stdout.on('data', (chunk) => {
    const lines = (partialLine + chunk).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) for (const listener of lineListeners) listener(line);
  });

  let exit;
  let signalledAt;
  const exited = new Promise((resolve) => {
    // 'close' rather than 'exit': the output streams have ended too, so no last line is missed.
    child.on('close', (code, signal) => {
      if (temporaryDataDir) rmSync(temporaryDataDir, { recursive: true, force: true });
      exit = {
        code,
        signal,
        sinceSignalMs: signalledAt === undefined ? null : Date.now() - signalledAt,
      };
      resolve(exit);
    });
  });
  const kill = (signal) => {
    if (exit) return;
    signalledAt = Date.now();
    child.kill(signal);
  };
  const stop = async ({ signal = 'SIGTERM', killAfterMs = DEFAULT_KILL_AFTER_MS } = {}) => {
    if (exit) return exit;
    kill(signal);
    const timer = setTimeout(() => kill('SIGKILL'), killAfterMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  let url;
  try {
    url = await waitUntilReady({
      listenPort,
      timeoutMs,
      output: () => output,
      exited: () => exit,
    });
  } catch (error) {
    // Whatever went wrong, nothing is left running.
    kill('SIGKILL');
    const { code, signal } = await exited;
    const what =
      error === EXITED
        ? `The server (${args.join(' ')}) exited with ${code ?? signal} before it was ready`
        : `The server (${args.join(' ')}) ${error.message}; it was killed`;
    throw new ServerStartError(what, { output, code, signal });
  }

  return {
    child,
    pid: child.pid,
    url,
    output: () => output,
    exited,
    hasExited: () => exit !== undefined,
    onLine(listener) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    kill,
    stop,
  };
}

const EXITED = Symbol('exited');

async function waitUntilReady({ listenPort, timeoutMs, output, exited }) {
  const deadline = Date.now() + timeoutMs;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  let url = listenPort ? `http://127.0.0.1:${listenPort}` : undefined;
  for (;;) {
    if (exited()) throw EXITED;
    if (Date.now() > deadline) {
      throw new Error(
        url
          ? `did not answer ${url}/health with 200 within ${timeoutMs / 1000} s`
          : `did not print "Whisp is running at" within ${timeoutMs / 1000} s`,
      );
    }
    url ??= STARTED.exec(output())?.[1];
    if (url && (await healthStatus(url)) === 200) return url;
    await pause();
  }
}

/**
 * GET /health on a connection of its own, closed after the answer (not the caller's fetch pool, so
 * the check leaves no keep-alive socket behind for a test's own requests); 0 when nothing answers.
 */
function healthStatus(url) {
  return new Promise((resolve) => {
    const request = get(`${url}/health`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/**
 * Runs one of the server package's TypeScript scripts (`load/soak.ts`, `src/db/transfer/export-cli.ts`…)
 * as its pnpm script would, through tsx with the @whisp/source condition, to its end. DATABASE_URL,
 * REDIS_URL and WHISP_MEDIA_DIR are removed unless env sets them. Killed with SIGKILL after
 * `timeoutMs`.
 */
export function runScript(script, args = [], { env = {}, timeoutMs = 180_000 } = {}) {
  const child = spawn(process.execPath, [...SOURCE_ARGS, script, ...args], {
    cwd: SERVER_DIR,
    env: withoutUndefined({
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      WHISP_MEDIA_DIR: undefined,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) output += `\n[runScript: killed after ${timeoutMs / 1000} s]\n`;
      resolve({ code, signal, output });
    });
  });
}

/** Polls until the condition holds; throws with `what` once `timeoutMs` has passed. */
export async function waitFor(what, condition, { timeoutMs = 60_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function withoutUndefined(env) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}
