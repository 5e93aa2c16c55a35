// node bench/polls.mjs on|off: the Composer (1.2) variant of the generated network. `on` puts a
// poll on a fifth of its top-level whisps (BENCH_POLL_FRACTION; chosen by a hash of the id, so the
// same whisps every time), running for a week with 2 to 4 options, a third of them multiple
// choice, and votes by a twentieth of the benchmark members (each in a fifth of the polls) (so some readers see their own votes and
// the tally, the others the hidden counts). `off` takes them away again. Measure `pnpm bench`
// with BENCH_ONLY set to the feeds before and after `on` to see what polls cost a page.
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
if (mode !== 'on' && mode !== 'off') throw new Error('usage: node bench/polls.mjs on|off');
const fraction = Number(process.env.BENCH_POLL_FRACTION ?? 0.2);
// The benchmark members (bench/data.mjs) are the last members; a tenth of them vote.
const voters = generated.tokens.map(({ username }) => Number(username.slice(1)));
const voting = voters.filter((_, index) => index % 20 === 0);
const uid = (expr) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

const started = performance.now();
await database.open();
try {
  // Either way from a network without polls, so `on` twice is the same as once. Set-based with
  // the triggers off: the votes' counting triggers would otherwise run once per vote removed.
  await database.exec(`begin;
    set local session_replication_role = replica;
    delete from poll_votes;
    delete from polls;
    -- The flag the poll's trigger sets (0019_poll_flag.sql), cleared and set here by hand.
    update posts set has_poll = false where has_poll;
    commit;`);
  if (mode === 'on') {
    await database.exec(`
      begin;
      -- Counters are set in one pass below, as bench/data.mjs does.
      set local session_replication_role = replica;
      insert into polls (post_id, options, multiple, expires_at, option_counts, created_at)
      select p.id, (array['Tea', 'Coffee', 'Water', 'Juice'])[1:n], h % 3 = 0,
             now() + interval '7 days', array_fill(0, array[n]), p.created_at
      from posts p
      cross join lateral (select ('x' || substr(md5(p.id::text), 1, 8))::bit(32)::int & 2147483647 as h) hashed
      cross join lateral (select 2 + h % 3 as n) options
      where p.rewhisp_of_id is null and not p.is_reply and (h % 1000) < ${Math.round(fraction * 1000)};
      insert into poll_votes (poll_id, voter_id, choice)
      select pl.id, ${uid('m')}, (abs(hashtext(pl.id::text || m)) % cardinality(pl.options))::smallint
      from polls pl cross join unnest(array[${voting}]::int[]) m
      where abs(hashtext(pl.id::text || m)) % 5 = 0
      on conflict do nothing;
      update polls pl set votes_count = c.votes, voters_count = c.voters,
        option_counts = array(select count(*) filter (where v.choice = i - 1)::int
          from generate_subscripts(pl.options, 1) i cross join lateral (
            select choice from poll_votes where poll_id = pl.id) v group by i order by i)
      from (select poll_id, count(*)::int votes, count(distinct voter_id)::int voters
            from poll_votes group by poll_id) c
      where c.poll_id = pl.id;
      update posts set has_poll = true where id in (select post_id from polls);
      commit;
      vacuum analyze polls, poll_votes, posts;
    `);
  } else {
    await database.exec('vacuum analyze polls, poll_votes, posts;');
  }
  const [[polls, votes]] = await database.rows(
    'select (select count(*) from polls), (select count(*) from poll_votes);',
  );
  console.log(
    `polls ${mode}: ${polls} polls, ${votes} votes (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}
