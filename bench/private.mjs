// node bench/private.mjs on|off|churn: the Privacy (1.2) variant of the generated network. `on` makes a
// tenth of its members private (BENCH_PRIVATE_FRACTION; chosen by a hash of the id, so the same
// members every time); `off` makes everyone public again. Private members' whisps then leave every
// feed, search, hashtag page and trend of the members who do not follow them: measure `pnpm bench`
// with BENCH_ONLY set to the feeds before and after `on` to see what that check costs a page (a
// flag on each whisp, posts.author_private, and a probe of the viewer's follows for a private
// member's: visibility.ts, readableWhisp). Turning members private carries it to their whisps
// (0020_author_private.sql's trigger), a tenth of all whisps rewritten: then the tables are
// vacuumed, as autovacuum would, so the runs compare the same tables.
// `churn` turns the same members private and public again: nobody is private, but their whisps
// were rewritten twice as `on` rewrote them once. It makes the other side of a `pnpm
// bench:compare` against an `on` copy: both tables then went through the same writes, and what
// differs between the two is the privacy check alone.
// BENCH_TOKENS chooses the network, as for bench/run.mjs.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedDatabase, postgresDatabase } from './lib/bench-database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = JSON.parse(
  readFileSync(resolve(root, process.env.BENCH_TOKENS ?? 'bench/results/tokens.json'), 'utf8'),
);
const database = generated.embedded
  ? embeddedDatabase(root, generated.dataDir)
  : postgresDatabase(process.env.BENCH_DATABASE_URL ?? generated.url);
const mode = process.argv[2];
if (!['on', 'off', 'churn'].includes(mode)) {
  throw new Error('usage: node bench/private.mjs on|off|churn');
}
const fraction = Number(process.env.BENCH_PRIVATE_FRACTION ?? 0.1);

const started = performance.now();
await database.open();
try {
  // Either way from a network where nobody is private, so `on` twice is the same as once. No
  // follow requests are made: the benchmark reads feeds, and a request changes no feed.
  const turnPrivate = `update users set is_private = true
    where (('x' || substr(md5(id::text), 1, 8))::bit(32)::int & 2147483647) % 1000
      < ${Math.round(fraction * 1000)};`;
  const turnPublic = 'update users set is_private = false where is_private;';
  await database.exec(`begin;
    ${turnPublic}
    ${mode === 'off' ? '' : turnPrivate}
    ${mode === 'churn' ? turnPublic : ''}
    commit;`);
  // On its own: VACUUM runs in no transaction block, and several statements sent at once are one.
  await database.exec('vacuum analyze users;');
  await database.exec('vacuum analyze posts;');
  await database.exec('vacuum analyze hashtag_counts;');
  const [[privateMembers, members]] = await database.rows(
    'select (select count(*) from users where is_private), (select count(*) from users);',
  );
  console.log(
    `private ${mode}: ${privateMembers} of ${members} members private (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}
