import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../../test-support/server-process.mjs';
import { makeMigratedEmbeddedDataDir } from '../helpers.js';

const running: ServerProcess[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  cleanups.push(() => socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  return { socket, received: () => received, closed: () => closed };
}

// Found by the soak: its SIGTERM at the end ran into the 10 s deadline and exited 1.
describe('SIGTERM with connections that Node would leave open', { timeout: 120_000 }, () => {
  it('closes a connection that never sent a request and a keep-alive one once its request is answered, then exits 0', async () => {
    // Migrated already, so the start does not migrate: the connections at shutdown are the point.
    const dataDir = makeMigratedEmbeddedDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({ env: { WHISP_DATA_DIR: dataDir } });
    running.push(server);
    // What a browser's preconnect (or a client that dropped an event stream) leaves behind.
    const unused = await openSocket(server.url);
    // A keep-alive request still arriving when the signal comes: headers and half the body.
    const busy = await openSocket(server.url);
    const body = '{"content":"hello"}';
    busy.socket.write(
      `POST /api/anything HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await waitFor('the server to start on the request', () =>
      server.output().includes('"url":"/api/anything"'),
    );

    server.kill('SIGTERM');
    await waitFor('the drain to start', () =>
      server.output().includes('Stopping: finishing the requests in flight'),
    );
    busy.socket.write(body.slice(5));
    const { code } = await server.exited;

    // Exit 1 would mean a connection held the shutdown until the 10 s deadline.
    expect(code, server.output().slice(-2_000)).toBe(0);
    expect(busy.received()).toMatch(/^HTTP\/1\.1 404/);
    expect(busy.received()).toContain('"code":"NOT_FOUND"');
    expect(unused.closed()).toBe(true);
  });
});
