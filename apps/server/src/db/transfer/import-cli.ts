import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, mediaDirectory } from '../../config.js';
import { callerDirectory, runCommand, scriptArguments } from './cli-support.js';
import { TransferError } from './errors.js';
import { importNetwork } from './import.js';

// `DATABASE_URL=postgres://… pnpm db:import <archive>`: a network exported by `pnpm db:export`,
// loaded into an empty PostgreSQL database, its media into WHISP_MEDIA_DIR (or WHISP_DATA_DIR/media).
await runCommand('Import', async () => {
  const { positionals } = parseArgs({
    args: scriptArguments(),
    options: {},
    allowPositionals: true,
  });
  const [archive, ...extra] = positionals;
  if (!archive || extra.length > 0) {
    throw new TransferError('Usage: DATABASE_URL=postgres://… pnpm db:import <archive directory>');
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new TransferError('Set DATABASE_URL to the PostgreSQL database to import into.');
  }
  const archiveDir = path.resolve(callerDirectory(), archive);
  const mediaDir = mediaDirectory(config);
  const started = performance.now();
  console.log(`Importing ${archiveDir} into PostgreSQL from DATABASE_URL`);

  const summary = await importNetwork({
    archiveDir,
    databaseUrl: config.databaseUrl,
    mediaDir,
    report: console.log,
  });

  const rows = summary.tables.reduce((total, table) => total + table.rows, 0);
  console.log(
    [
      `Imported ${rows} rows in ${summary.tables.length} tables and ${summary.sequences} sequences ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      `Checked: every table's row count, ${summary.sampledRows} sampled rows field by field, ` +
        'every sequence.',
      `Media: ${summary.media.copied} files copied, ${summary.media.alreadyThere} already there, ` +
        `in ${mediaDir}.`,
      'Start the server with the same DATABASE_URL and WHISP_DATA_DIR (or WHISP_MEDIA_DIR).',
    ].join('\n'),
  );
});
