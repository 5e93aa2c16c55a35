import { send } from '@fastify/send';
import { errorResponses } from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { namedErrorBody } from '../../http/api-error.js';
import { MEDIA_KEY_PATTERN } from '../../media/storage.js';

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

// A file's name is the hash of its bytes, so the bytes behind a URL never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface MediaRoutesOptions {
  /** The directory the media storage writes to (`mediaDirectory(config)`). */
  mediaDir: string;
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { mediaDir }) => {
  app.get(
    '/media/:file',
    {
      schema: {
        summary: 'An uploaded image or video',
        description:
          'Streamed from disk. Answers `Range: bytes=…` with 206 and `Content-Range` (416 when ' +
          'the range is outside the file), and `If-None-Match` with 304 when the ETag matches.',
        params: z.object({ file: z.string() }),
        response: {
          200: z.any().describe('The file'),
          206: z.any().describe('The requested bytes of the file'),
          304: z.null().describe('Not modified: the ETag matched'),
          ...errorResponses(404, 416),
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // Only names the server itself makes are looked up: nothing like "../" reaches the disk.
      if (!MEDIA_KEY_PATTERN.test(file)) return reply.status(404).send(notFound());

      // @fastify/send streams the file and does Range, If-Range and conditional GETs; it only ever
      // sees a path built from a checked key, under the media directory.
      // The same layout as createLocalDiskStorage: a subfolder named after the key's first two characters.
      const sent = await send(request.raw, `/${file.slice(0, 2)}/${file}`, {
        root: mediaDir,
        acceptRanges: true,
        etag: true,
        // Types come from the stored extension (the map above), caching from this route.
        contentType: false,
        cacheControl: false,
        lastModified: false,
        index: false,
        dotfiles: 'deny',
      });

      if (sent.type !== 'file') {
        // Its HTML error page is not for us: close it and answer in the API's error shape.
        sent.stream.destroy();
        if (sent.statusCode === 416) {
          return reply
            .status(416)
            .header('content-range', sent.headers['Content-Range'])
            .header('accept-ranges', 'bytes')
            .send(namedErrorBody('rangeNotSatisfiable'));
        }
        if (sent.statusCode === 404) return reply.status(404).send(notFound());
        throw sent.type === 'error' ? sent.metadata.error : new Error('Not a file');
      }

      const extension = file.slice(file.lastIndexOf('.') + 1);
      // A file answer is 200, a range 206 or a matching ETag 304.
      reply.status(sent.statusCode as 200 | 206 | 304).headers(sent.headers);
      if (sent.statusCode !== 304) {
        reply.header('content-type', contentTypes[extension] ?? 'application/octet-stream');
      }
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', IMMUTABLE)
        .send(sent.stream);
    },
  );
};

function notFound() {
  return namedErrorBody('notFound');
}
