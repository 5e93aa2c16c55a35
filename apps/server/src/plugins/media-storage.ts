import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalDiskStorage, type MediaStorage } from '../media/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStorage: MediaStorage;
  }
}

export const mediaStoragePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    app.decorate('mediaStorage', createLocalDiskStorage(path.join(dataDir, 'media')));
  },
  { name: 'media-storage' },
);
