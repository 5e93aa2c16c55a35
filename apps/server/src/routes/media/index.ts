import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../http/api-error.js';
import { errorResponses } from '../../http/schemas.js';
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

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:file',
    {
      schema: {
        summary: 'An uploaded image',
        params: z.object({ file: z.string() }),
        response: { 200: z.any().describe('The image bytes'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // Only names the server itself makes are looked up: nothing like "../" reaches the disk.
      const bytes = MEDIA_KEY_PATTERN.test(file) ? await app.mediaStorage.get(file) : undefined;
      if (!bytes) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
      const extension = file.slice(file.lastIndexOf('.') + 1);
      return reply
        .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', IMMUTABLE)
        .send(bytes);
    },
  );
};
