import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Shares the database with every route. The server opened it (and migrated it) before the app
 * existed, so the server, not the app, closes it.
 */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
  },
  { name: 'database' },
);
