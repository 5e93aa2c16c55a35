import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FileRoute = (request: IncomingMessage, response: ServerResponse) => void;

/** Another server's file host, as the test crafts it: which paths were asked for is recorded. */
export interface FileOrigin {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The paths requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

export async function startFileOrigin(routes: Record<string, FileRoute>): Promise<FileOrigin> {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `bytes` with a declared type: what the other server says, never what Whisp believes. */
export const serveBytes =
  (bytes: Buffer, contentType: string): FileRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    response.end(bytes);
  };

/**
 * Streams `first`, then zeros, `total` bytes in all, without announcing a length: only counting
 * the bytes as they come can stop it. `done.finished` tells whether all of them went out (make
 * `total` far larger than the limit: the sockets' buffers take several megabytes on loopback).
 */
export function serveStream(first: Buffer, total: number, contentType: string) {
  const done = { finished: false };
  const route: FileRoute = (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024);
    const write = () => {
      while (sent < total) {
        const piece = sent === 0 ? first : chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!response.write(piece)) {
          response.once('drain', write);
          return;
        }
      }
      response.end(() => {
        done.finished = true;
      });
    };
    response.once('close', () => response.removeAllListeners('drain'));
    write();
  };
  return { route, done };
}
