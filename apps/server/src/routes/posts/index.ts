import type { FastifyPluginAsync } from 'fastify';
import { interactionRoutes } from './interactions.js';
import { mediaUploadRoutes } from './media.js';
import { readRoutes } from './read.js';
import { threadRoutes } from './thread.js';
import { writeRoutes } from './write.js';

/** /api/posts: every route here runs behind `authenticate`. */
export const postRoutes: FastifyPluginAsync = async (app) => {
  await app.register(mediaUploadRoutes);
  await app.register(readRoutes);
  await app.register(threadRoutes);
  await app.register(writeRoutes);
  await app.register(interactionRoutes);
};
