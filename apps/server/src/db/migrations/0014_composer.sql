-- Composer (1.2): content warnings, edit history, polls and threads of replies to replies.

alter table posts add column content_warning text;
-- When the text or warning last changed; null while the whisp was never edited.
alter table posts add column edited_at timestamptz;

-- The ids of a reply's ancestors, the root first and its parent last (empty for a whisp that
-- answers nothing). Kept beside reply_to_id because a deleted whisp sets its replies'
-- reply_to_id to null, yet a thread shows them after their nearest ancestor still there.
alter table posts add column thread_path uuid[] not null default '{}';

-- Set by the database, so every writer (the API, the demo, imports, benchmarks) builds threads
-- alike: the parent's path and the parent.
create function posts_set_thread_path() returns trigger language plpgsql as $$
begin
  if new.reply_to_id is not null then
    select parent.thread_path || parent.id into new.thread_path
    from posts parent where parent.id = new.reply_to_id;
  end if;
  return new;
end
$$;

create trigger posts_thread_path before insert on posts
  for each row execute function posts_set_thread_path();

-- Replies written before this migration: each path built from its parent's, root first.
with recursive threads (id, path) as (
  select id, '{}'::uuid[] from posts where reply_to_id is null
  union all
  select reply.id, threads.path || reply.reply_to_id
  from posts reply join threads on reply.reply_to_id = threads.id
)
update posts set thread_path = threads.path
from threads where posts.id = threads.id and cardinality(threads.path) > 0;

-- A thread's descendants: the replies whose path holds the whisp.
create index posts_thread_path_idx on posts using gin (thread_path) where is_reply;

-- Earlier versions of a whisp, each as it read from `created_at` until the next edit.
create table post_versions (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references posts (id) on delete cascade,
  content text not null,
  content_warning text,
  created_at timestamptz not null
);

create index post_versions_post_idx on post_versions (post_id, created_at, id);

create table polls (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null unique references posts (id) on delete cascade,
  options text[] not null check (cardinality(options) between 2 and 4),
  multiple boolean not null default false,
  expires_at timestamptz not null,
  -- Kept by the triggers below in the same transaction as the votes they count:
  -- option_counts[i] counts the votes for options[i], votes_count every choice, voters_count people.
  option_counts integer[] not null,
  votes_count integer not null default 0 check (votes_count >= 0),
  voters_count integer not null default 0 check (voters_count >= 0),
  -- Set when the poll-ended notifications went out (the poll job), so each goes once.
  ended_notified_at timestamptz,
  created_at timestamptz not null default now(),
  check (cardinality(option_counts) = cardinality(options))
);

-- Polls ended and not yet announced, soonest first.
create index polls_unannounced_idx on polls (expires_at) where ended_notified_at is null;

create table poll_votes (
  poll_id uuid not null references polls (id) on delete cascade,
  voter_id uuid not null references users (id) on delete cascade,
  -- The option's index in polls.options, from 0 as the API counts.
  choice smallint not null check (choice >= 0 and choice < 4),
  created_at timestamptz not null default now(),
  primary key (poll_id, voter_id, choice)
);

create index poll_votes_voter_idx on poll_votes (voter_id);

-- A voter counts once however many options they chose: the row of their smallest choice counts
-- them (row triggers run after the whole statement, so they see all of one vote's rows).
create function poll_votes_counted() returns trigger language plpgsql as $$
begin
  update polls set
    option_counts[new.choice + 1] = option_counts[new.choice + 1] + 1,
    votes_count = votes_count + 1,
    voters_count = voters_count + case when new.choice = (
      select min(choice) from poll_votes where poll_id = new.poll_id and voter_id = new.voter_id
    ) then 1 else 0 end
  where id = new.poll_id;
  return null;
end
$$;

create trigger poll_votes_insert after insert on poll_votes
  for each row execute function poll_votes_counted();

create function poll_votes_uncounted() returns trigger language plpgsql as $$
begin
  update polls set
    option_counts[old.choice + 1] = option_counts[old.choice + 1] - 1,
    votes_count = votes_count - 1
  where id = old.poll_id;
  return null;
end
$$;

create trigger poll_votes_delete after delete on poll_votes
  for each row execute function poll_votes_uncounted();

-- A voter leaves voters_count when their last choice goes (an account deleted): once per
-- statement over the rows it removed, as a row trigger cannot tell which of them was the last.
create function poll_voters_uncounted() returns trigger language plpgsql as $$
begin
  update polls set voters_count = voters_count - gone.voters
  from (
    select removed.poll_id, count(distinct removed.voter_id)::int as voters
    from removed_votes removed
    where not exists (select 1 from poll_votes kept
      where kept.poll_id = removed.poll_id and kept.voter_id = removed.voter_id)
    group by removed.poll_id
  ) gone
  where polls.id = gone.poll_id;
  return null;
end
$$;

create trigger poll_voters_delete after delete on poll_votes
  referencing old table as removed_votes
  for each statement execute function poll_voters_uncounted();

-- Poll-ended notices: to the author (who is also their actor) and to each voter, with the
-- message of POLL_ENDED_MESSAGES.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check
  check (type in ('like', 'follow', 'rewhisp', 'reply', 'mention', 'direct_message', 'moderation',
    'poll'));
alter table notifications drop constraint notifications_check;
alter table notifications add constraint notifications_check
  check (recipient_id <> actor_id or type in ('moderation', 'poll'));
alter table notifications drop constraint notifications_message_check;
alter table notifications add constraint notifications_message_check
  check (case type when 'moderation' then message is not null
    when 'poll' then true else message is null end);
