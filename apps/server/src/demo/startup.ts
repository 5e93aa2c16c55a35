import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { MediaStorage } from '../media/storage.js';
import {
  DEMO_MODERATOR_SIGN_IN,
  DEMO_PRIVATE_SIGN_IN,
  DEMO_SIGN_IN,
  type DemoSummary,
} from './sign-in.js';

/** Whether WHISP_DEMO was set to on explicitly (config.demo is also true when it is unset). */
export function demoExplicitlyRequested(environment = process.env) {
  return /^(on|true|1|yes)$/i.test(environment.WHISP_DEMO?.trim() ?? '');
}

async function isEmpty(database: Database) {
  const row = await database.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export function describeDemo(summary: DemoSummary) {
  return [
    '',
    '  Whisp demo network loaded:',
    `    ${summary.members} members, ${summary.whisps} whisps, ${summary.replies} replies, ` +
      `${summary.rewhisps} rewhisps, ${summary.likes} likes, ${summary.follows} follows ` +
      `(${(summary.milliseconds / 1000).toFixed(1)} s)`,
    '',
    '  Sign in to look around:',
    `    email:    ${DEMO_SIGN_IN.email}`,
    `    password: ${DEMO_SIGN_IN.password}`,
    '',
    `  Or as a moderator (${summary.openReports} open reports in the queue):`,
    `    email:    ${DEMO_MODERATOR_SIGN_IN.email}`,
    `    password: ${DEMO_MODERATOR_SIGN_IN.password}`,
    '',
    `  Or as a private member (${summary.followRequests} follow ` +
      `${summary.followRequests === 1 ? 'request' : 'requests'} waiting):`,
    `    email:    ${DEMO_PRIVATE_SIGN_IN.email}`,
    `    password: ${DEMO_PRIVATE_SIGN_IN.password}`,
    '',
  ].join('\n');
}

/**
 * A newcomer's first start should show a living network: load the demo into a new, empty
 * embedded database unless WHISP_DEMO=off. A PostgreSQL database is someone's real one, so it
 * gets the demo only when WHISP_DEMO=on says so.
 */
export async function loadDemoOnFirstStart(options: {
  config: Config;
  database: Database;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}) {
  const { config, database, storage, log } = options;
  const wanted =
    database.kind === 'embedded' ? config.demo : config.demo && demoExplicitlyRequested();
  if (!wanted || !(await isEmpty(database))) return undefined;
  // Loaded only when needed: every later start skips compiling the demo's text and pictures.
  const { loadDemoNetwork } = await import('./seed.js');
  const summary = await loadDemoNetwork(database.kysely, storage, {
    passwordHashMemoryMiB: config.passwordHashMemoryMiB,
  });
  log.info({ demo: summary }, 'Loaded the demo network');
  console.log(describeDemo(summary));
  return summary;
}
