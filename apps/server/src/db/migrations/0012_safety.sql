-- Safety (contract 1.1): block, mute, muted words, and suspension's visibility.
-- Every read checks these with `not exists` against the primary keys and the reverse indexes
-- below, so hiding a member costs one index probe per row, however many members are blocked.

-- A block works both ways (neither sees the other), so both directions are indexed.
create table blocks (
  blocker_id uuid not null references users (id) on delete cascade,
  blocked_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);

create index blocks_blocked_id_idx on blocks (blocked_id, blocker_id);
-- The blocker's list of blocks, newest first.
create index blocks_blocker_created_idx on blocks (blocker_id, created_at desc, blocked_id);

-- A mute works one way: only the muter stops seeing the muted member, who notices nothing.
create table mutes (
  muter_id uuid not null references users (id) on delete cascade,
  muted_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (muter_id, muted_id),
  check (muter_id <> muted_id)
);

create index mutes_muted_id_idx on mutes (muted_id, muter_id);
create index mutes_muter_created_idx on mutes (muter_id, created_at desc, muted_id);

-- Words (or #hashtags) a member never wants to see in feeds, hashtag pages and notifications.
-- "Rust" and "rust" are one muted word.
create table muted_words (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  word text not null check (length(word) > 0),
  created_at timestamptz not null default now()
);

create unique index muted_words_user_word_key on muted_words (user_id, lower(word));
create index muted_words_user_created_idx on muted_words (user_id, created_at desc, id);

-- Null = not suspended. Moderation sets it; every read leaves a suspended member out.
alter table users add column suspended_at timestamptz;
-- Few members are ever suspended: a small partial index answers "who is suspended" at once.
create index users_suspended_idx on users (id) where suspended_at is not null;
