// A static server for one built bench page. The fixtures' media (/media/...) get one small SVG,
// so images load as they would rather than failing.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#8a7fd6"/></svg>';

// A cross-origin isolated page gets performance.now() to 5 µs instead of 100 µs: twenty plain
// articles mount in a few tenths of a millisecond, so the coarse clock would be most of the figure.
const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

export async function serveDirectory(directory) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (path.startsWith('/media/')) {
      response.writeHead(200, { 'content-type': 'image/svg+xml', ...ISOLATION }).end(PICTURE);
      return;
    }
    const file = path === '/' ? '/index.html' : path;
    try {
      const body = await readFile(join(directory, file));
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...ISOLATION,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  };
}
