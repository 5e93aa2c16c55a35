import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config.js';
import { namedErrorBody } from '../http/api-error.js';

export const METRICS_PATH = '/metrics';
// Most answers take milliseconds; a slow feed or an upload a good part of a second or more.
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Requests that matched no route share one label, so scanners cannot mint a series per URL.
const NO_ROUTE = '(no route)';

export interface MetricsOptions extends MetricsConfig {
  /** Where the separate metrics listener binds (the server's HOST). */
  host: string;
}

/**
 * Prometheus metrics: request count and latency by route pattern (never the raw URL), database
 * pool use, open live event streams, and Node's process metrics (memory, event loop lag, GC).
 * Off unless WHISP_METRICS_TOKEN (served at /metrics to that Bearer token) or WHISP_METRICS_PORT
 * (served on a listener of its own, without a token) is set. There is no mail queue yet, so no
 * gauge for one.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token, port, host }) => {
    if (token === undefined && port === undefined) return;

    // A registry per app, not prom-client's global one: tests build many apps in one process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'whisp_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'whisp_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
      labelNames,
      buckets: LATENCY_BUCKETS_SECONDS,
      registers: [registry],
    });
    new Gauge({
      name: 'whisp_live_event_streams',
      help: 'Live event streams (GET /api/events) open on this instance',
      registers: [registry],
      collect() {
        this.set(app.liveEvents.hub.size);
      },
    });
    const poolLabels = ['pool'] as const;
    const poolGauge = (name: string, help: string) =>
      new Gauge({ name, help, labelNames: poolLabels, registers: [registry] });
    const poolOpen = poolGauge('whisp_db_pool_connections_open', 'Connections the pool holds open');
    const poolIdle = poolGauge('whisp_db_pool_connections_idle', 'Open connections not in use');
    const poolWaiting = poolGauge(
      'whisp_db_pool_queries_waiting',
      'Queries waiting for a free connection',
    );
    const poolMax = poolGauge(
      'whisp_db_pool_connections_max',
      'The most connections the pool opens',
    );
    const readPools = () => {
      for (const use of app.database.poolUse?.() ?? []) {
        poolOpen.set({ pool: use.pool }, use.open);
        poolIdle.set({ pool: use.pool }, use.idle);
        poolWaiting.set({ pool: use.pool }, use.waiting);
        poolMax.set({ pool: use.pool }, use.max);
      }
    };

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? NO_ROUTE,
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    });

    const exposition = async () => {
      readPools();
      return registry.metrics();
    };

    if (token !== undefined) {
      const expected = Buffer.from(`Bearer ${token}`);
      const authorized = (request: FastifyRequest) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        return given.length === expected.length && timingSafeEqual(given, expected);
      };
      app.get(
        METRICS_PATH,
        { schema: { hide: true } },
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (!authorized(request)) {
            return reply
              .status(401)
              .header('www-authenticate', 'Bearer realm="metrics"')
              .send(namedErrorBody('metricsTokenRequired'));
          }
          return reply
            .header('content-type', registry.contentType)
            .header('cache-control', 'no-store')
            .send(await exposition());
        },
      );
    }

    if (port !== undefined) {
      let listener: Server | undefined;
      app.addHook('onReady', async () => {
        listener = createServer((request, response) => {
          const path = (request.url ?? '').split('?')[0];
          if (request.method !== 'GET' || path !== METRICS_PATH) {
            response
              .writeHead(404, { 'content-type': 'text/plain' })
              .end(`This port serves only GET ${METRICS_PATH}\n`);
            return;
          }
          exposition().then(
            (text) => {
              response.writeHead(200, { 'content-type': registry.contentType }).end(text);
            },
            (error: unknown) => {
              app.log.error({ err: error }, 'Could not collect the metrics');
              response.writeHead(500, { 'content-type': 'text/plain' }).end('Error\n');
            },
          );
        });
        const server = listener;
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
          });
        });
        app.log.info({ port }, `Metrics at http://${host}:${port}${METRICS_PATH}`);
      });
      app.addHook('onClose', async () => {
        const server = listener;
        if (!server) return;
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      });
    }
  },
  { name: 'metrics', dependencies: ['database', 'live-events'] },
);
