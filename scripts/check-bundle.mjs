// Proves `pnpm bundle`: builds the bundle, copies it to a temporary folder outside the repository,
// starts it there with plain `node server.js` on a free port and an embedded database in a new
// data directory, then checks /health, a sign-up through the API, the web app's HTML at / and a
// clean exit on SIGTERM. Every step the Dockerfile runs is one of these.
//
//   node scripts/check-bundle.mjs [--skip-build]   (--skip-build: use what `pnpm build` left)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const workDir = mkdtempSync(path.join(tmpdir(), 'whisp-check-bundle-'));
let server;

function step(message) {
  console.log(`check-bundle: ${message} (${seconds()})`);
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

async function waitForHealth(url, exited, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the bundled server exited before it answered /health');
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bundled server did not answer ${url}/health within ${timeoutMs / 1000} s`);
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  const built = path.join(workDir, 'built');
  const bundleArgs = [path.join(root, 'scripts/bundle.mjs'), built];
  if (process.argv.includes('--skip-build')) bundleArgs.push('--skip-build');
  execFileSync(process.execPath, bundleArgs, { cwd: root, stdio: 'inherit' });
  step(`bundled in ${built}`);

  // Moved, as a deploy moves it: nothing may point back into the repository.
  const bundle = path.join(workDir, 'moved');
  cpSync(built, bundle, { recursive: true, verbatimSymlinks: true });
  rmSync(built, { recursive: true, force: true });
  const dataDir = path.join(workDir, 'data');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  // Only what an operator would set: no pnpm, no workspace, no source condition.
  const env = {
    PATH: process.env.PATH,
    HOME: workDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WHISP_DATA_DIR: dataDir,
    WHISP_DEMO: 'off',
    LOG_LEVEL: 'warn',
  };
  let output = '';
  let exit;
  server = spawn(process.execPath, ['server.js'], { cwd: bundle, env, stdio: 'pipe' });
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => {
    server.on('close', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  try {
    await waitForHealth(url, () => exit !== undefined, 120_000);
    step(`node server.js answers /health at ${url}`);

    const signUp = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'bundle@example.com',
        password: 'correct horse battery',
        username: 'bundle_check',
        display_name: 'Bundle check',
      }),
    });
    const signedUp = await signUp.json();
    expect(signUp.status === 201, `sign-up answered ${signUp.status}: ${JSON.stringify(signedUp)}`);
    const me = await fetch(`${url}/api/users/me`, {
      headers: { authorization: `Bearer ${signedUp.data.token}` },
    });
    const meBody = await me.json();
    expect(
      me.status === 200 && meBody.data?.username === 'bundle_check',
      `/api/users/me answered ${me.status}: ${JSON.stringify(meBody)}`,
    );
    step('a sign-up through the API works, and its token');

    const page = await fetch(`${url}/`);
    const html = await page.text();
    const builtIndex = readFileSync(path.join(bundle, 'web/index.html'), 'utf8');
    expect(
      page.status === 200 && String(page.headers.get('content-type')).startsWith('text/html'),
      `/ answered ${page.status} ${page.headers.get('content-type')}`,
    );
    expect(html === builtIndex, '/ did not serve the bundled web app index.html');
    step('/ serves the web app');

    server.kill('SIGTERM');
    const { code } = await exited;
    expect(code === 0, `SIGTERM: the server exited with ${code}`);
    step('SIGTERM: exit 0');
  } catch (error) {
    console.error(`--- the bundled server's output ---\n${output.slice(-6_000)}`);
    throw error;
  }
}

try {
  await main();
  console.log(`check-bundle: passed in ${seconds()}`);
} catch (error) {
  console.error(`check-bundle: FAILED after ${seconds()}: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
}
