import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, mediaDirectory } from '../../config.js';
import { callerDirectory, runCommand, scriptArguments } from './cli-support.js';
import { exportNetwork } from './export.js';

// `pnpm db:export [--out <directory>]`: the embedded database in WHISP_DATA_DIR and its media,
// written to a new archive directory for `pnpm db:import`.
await runCommand('Export', async () => {
  const { values } = parseArgs({
    args: scriptArguments(),
    options: { out: { type: 'string', short: 'o' } },
  });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const out = path.resolve(callerDirectory(), values.out ?? `whisp-export-${stamp}`);
  const started = performance.now();
  if (config.databaseUrl) {
    // Moving between PostgreSQL servers is pg_dump's job; this command reads the embedded database.
    console.log('DATABASE_URL is set but not used: db:export reads the embedded database.');
  }

  const manifest = await exportNetwork({
    dataDir: config.dataDir,
    mediaDir: mediaDirectory(config),
    out,
    report: console.log,
  });

  const rows = manifest.tables.reduce((total, table) => total + table.rows, 0);
  const bytes = manifest.media.reduce((total, item) => total + item.bytes, 0);
  const latest = manifest.migrations.at(-1);
  console.log(
    [
      `Exported ${rows} rows in ${manifest.tables.length} tables, ${manifest.sequences.length} ` +
        `sequences and ${manifest.media.length} media files (${(bytes / 1e6).toFixed(1)} MB) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      `Schema at migration ${latest ? `${latest.version} (${latest.name})` : 'none'}.`,
      `Archive: ${out}`,
      `Next: DATABASE_URL=postgres://… pnpm db:import ${out}`,
    ].join('\n'),
  );
});
