// Starts the built server (apps/server/dist/server.js, serving apps/whisp/dist) on a free loopback
// port and a throw-away embedded data directory, and removes that directory when it stops.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The first start of an embedded database loads the demo network and hashes its passwords on
// purpose-slow settings: on a loaded 2-core machine that takes a minute or more.
const START_TIMEOUT_MS = 240_000;

export function requireBuild(root) {
  const missing = ['apps/server/dist/server.js', 'apps/whisp/dist/index.html'].filter(
    (file) => !existsSync(join(root, file)),
  );
  if (missing.length) {
    console.error(`Missing ${missing.join(' and ')}: run \`pnpm build\` first.`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startBuiltServer(root, { demo }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'whisp-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      WHISP_DATA_DIR: dataDir,
      WHISP_DEMO: demo ? 'on' : 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Kept to explain an early exit; the demo's banner is not worth printing on success.
  let output = '';
  server.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let exitCode;
  exited.then((code) => {
    exitCode = code;
  });

  const stop = async () => {
    if (exitCode === undefined) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(
        `The server exited with code ${exitCode} before answering /health:\n${output}`,
      );
    }
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /health within ${START_TIMEOUT_MS / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function signIn(base, { email, password }) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.data?.token) {
    throw new Error(`Signing in as ${email} failed: ${response.status} ${body.message ?? ''}`);
  }
  return body.data.token;
}
