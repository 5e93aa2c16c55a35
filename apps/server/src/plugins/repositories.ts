import fp from 'fastify-plugin';
import { FederatedChangesRelay } from '../db/repositories/federated-changes.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
    /** Where repositories report what other servers must learn; the federation plugin listens. */
    federatedChanges: FederatedChangesRelay;
  }
}

/** Routes reach the database only through these, so each resource's SQL stays in one module. */
export const repositoriesPlugin = fp<{ adminEmails?: readonly string[] }>(
  async (app, options) => {
    const federatedChanges = new FederatedChangesRelay();
    app.decorate('federatedChanges', federatedChanges);
    app.decorate(
      'repositories',
      createRepositories(app.database.kysely, {
        federatedChanges,
        liveEvents: app.liveEvents.bus,
        memberChanged: app.sessionCache.memberChanged,
        plannedPerCall: app.database.kyselyPlannedPerCall,
        adminEmails: options.adminEmails,
      }),
    );
  },
  { name: 'repositories', dependencies: ['database', 'live-events', 'session-cache'] },
);
