import fp from 'fastify-plugin';
import { type Config, mediaDirectory } from '../config.js';
import { createLocalDiskStorage, type MediaStorage } from '../media/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStorage: MediaStorage;
  }
}

export const mediaStoragePlugin = fp<Pick<Config, 'dataDir' | 'mediaDir'>>(
  async (app, config) => {
    app.decorate('mediaStorage', createLocalDiskStorage(mediaDirectory(config)));
  },
  { name: 'media-storage' },
);
