// Types of server-process.mjs (plain JavaScript so plain Node can run it; see there).
import type { ChildProcess } from 'node:child_process';

/** apps/server: the working directory of every process started here. */
export declare const SERVER_DIR: string;

/** The TypeScript source through tsx (as `pnpm dev`), or dist/server.js (as `pnpm start`). */
export type ServerEntry = 'source' | 'built';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the last signal sent through kill() or stop() to the exit; null if none was sent. */
  sinceSignalMs: number | null;
}

export interface StartServerOptions {
  /** Added to this process's environment; a key set to undefined removes the variable. */
  env?: Record<string, string | undefined>;
  /** Default 'source'. */
  entry?: ServerEntry;
  /** Node flags before the entry point. */
  nodeArgs?: string[];
  /** Default: one the system picks (or, with LOG_LEVEL quieter than info, a free one found first). */
  port?: number;
  /** How long to wait for /health to answer 200; default 120 s. */
  timeoutMs?: number;
  /** Also write what the server prints to this process's stdout and stderr. */
  echo?: boolean;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** What it printed on stdout and stderr (JSON log lines), the last 4 MB at most. */
  output(): string;
  /** Settles when the process has gone, however it went. */
  readonly exited: Promise<ServerExit>;
  hasExited(): boolean;
  /** Calls `listener` with each whole line printed on stdout from now on; returns how to stop. */
  onLine(listener: (line: string) => void): () => void;
  /** Sends a signal, unless the process has gone. */
  kill(signal: NodeJS.Signals): void;
  /** Sends SIGTERM (or `signal`), then SIGKILL after `killAfterMs` (default 15 s); resolves on exit. */
  stop(options?: { signal?: NodeJS.Signals; killAfterMs?: number }): Promise<ServerExit>;
}

/** Raised when the server exits, or does not answer /health in time, before it is ready. */
export declare class ServerStartError extends Error {
  readonly output: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Starts the server and resolves once GET /health answers 200; see server-process.mjs. */
export declare function startServerProcess(options?: StartServerOptions): Promise<ServerProcess>;

/** A port free on 127.0.0.1 right now. */
export declare function freePort(): Promise<number>;

export interface ScriptResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/** Runs one of the server package's TypeScript scripts through tsx to its end. */
export declare function runScript(
  script: string,
  args?: string[],
  options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<ScriptResult>;

/** Polls until the condition holds; throws with `what` once `timeoutMs` (default 60 s) has passed. */
export declare function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  options?: { timeoutMs?: number; intervalMs?: number },
): Promise<void>;
