import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config.js';

export interface LogDestination {
  write(line: string): void;
}

// EventSource cannot send headers, so /api/events takes the session token in the query string.
const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/gi;

export function redactUrl(url: string) {
  return url.replace(TOKEN_IN_QUERY, '$1[redacted]');
}

/** Pino options: JSON lines, and never a session token in them. */
export function loggerOptions(level: LogLevel, destination?: LogDestination) {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  } satisfies FastifyServerOptions['logger'];
}
