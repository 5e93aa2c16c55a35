import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../db/repositories/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
  }
}

/** Routes reach the database only through these, so each resource's SQL stays in one module. */
export const repositoriesPlugin = fp<{ adminEmails?: readonly string[] }>(
  async (app, options) => {
    app.decorate(
      'repositories',
      createRepositories(app.database.kysely, {
        liveEvents: app.liveEvents.bus,
        memberChanged: app.sessionCache.memberChanged,
        plannedPerCall: app.database.kyselyPlannedPerCall,
        adminEmails: options.adminEmails,
      }),
    );
  },
  { name: 'repositories', dependencies: ['database', 'live-events', 'session-cache'] },
);
