import { createServer } from 'node:net';
import { type App, buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { lookupRemoteMember, type RemoteMemberAddress } from '../../src/federation/lookup.js';
import type { LogDestination } from '../../src/logger.js';
import { createTestApp, type TestApp, testConfig } from '../helpers.js';
import type { TestMember } from '../members.js';

/** A Whisp server listening on loopback with federation on, as another server reaches it. */
export interface FederatedServer extends TestApp {
  /** Its public URL, http://127.0.0.1:<port>. */
  url: string;
  /** `host:port`, the domain in its members' handles. */
  host: string;
  /** Stored on this server as a remote member: the member's id here. */
  lookUp(address: RemoteMemberAddress): Promise<string>;
  /** Waits until every change reported so far is queued for delivery. */
  settled(): Promise<void>;
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A server of its own (its own database), federating over loopback. */
export async function startFederatedServer(
  overrides: Partial<Config> = {},
  options: { logDestination?: LogDestination } = {},
): Promise<FederatedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({
    config: {
      port,
      host: '127.0.0.1',
      // The mail settings hold the public URL every absolute link is built from.
      mail: { ...testConfig().mail, publicUrl: url },
      federation: { enabled: true, allowPrivateAddress: true, remoteMedia: 'fetch' },
      ...overrides,
    },
    logDestination: options.logDestination,
  });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  const parts = federationOf(testApp.app);
  return {
    ...testApp,
    url,
    host: `127.0.0.1:${port}`,
    async lookUp(address) {
      const member = await lookupRemoteMember(
        {
          db: testApp.database.kysely,
          federation: parts.federation,
          publicUrl: url,
          allowPrivateAddress: true,
          memberChanged: testApp.app.sessionCache.memberChanged,
          remoteMedia: parts.remoteMedia,
        },
        address,
      );
      if (!member) throw new Error(`${JSON.stringify(address)} was not found from ${url}`);
      return member.id;
    },
    settled: () => parts.outbox.settled(),
  };
}

function federationOf(app: App) {
  if (!app.federation) throw new Error('federation is off');
  return app.federation;
}

/** Polls until `check` passes (deliveries go through the queue), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A second instance of a server on its database, as behind a load balancer: its own port, the
 * same public URL, the same queue. Closed before the server it joins.
 */
export async function addInstance(server: FederatedServer) {
  const port = await freePort();
  const app = await buildApp({
    config: { ...server.config, port },
    database: server.database,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const parts = federationOf(app);
  return { app, settled: () => parts.outbox.settled(), close: () => app.close() };
}

/** A request by `member` to `server`'s API: its status and JSON body. */
export async function call(
  server: FederatedServer,
  member: TestMember,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await server.app.inject({ method, url, headers: member.headers, payload });
  return { status: response.statusCode, body: response.json() };
}
