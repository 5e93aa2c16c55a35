import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config.js';

export interface LogDestination {
  write(line: string): void;
}

/**
 * Query parameters that carry secrets: /api/events takes the session token (EventSource cannot
 * send headers), and OAuth and OpenID Connect put codes, tokens and state in URLs. A parameter
 * is recognised as the query parser reads its name (decoded), in any case.
 */
const SECRET_PARAMETERS = new Set(['token', 'access_token', 'code', 'client_secret', 'state']);

function parameterName(encoded: string) {
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    // Malformed escapes: compared as written.
    return encoded.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string) {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(parameterName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${redacted}${end < 0 ? '' : url.slice(end)}`;
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
