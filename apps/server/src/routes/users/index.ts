import type { FastifyPluginAsync } from 'fastify';
import { connectedAppRoutes } from './connected-apps.js';
import { followRoutes } from './follows.js';
import { imageRoutes } from './images.js';
import { lookupRoutes } from './lookup.js';
import { meRoutes } from './me.js';
import { preferencesRoutes } from './preferences.js';
import { profileRoutes } from './profiles.js';
import { safetyRoutes } from './safety.js';

/** /api/users: every route here runs behind `authenticate`. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(meRoutes);
  await app.register(preferencesRoutes);
  await app.register(safetyRoutes);
  await app.register(imageRoutes);
  await app.register(lookupRoutes);
  await app.register(profileRoutes);
  await app.register(followRoutes);
  await app.register(connectedAppRoutes);
};
