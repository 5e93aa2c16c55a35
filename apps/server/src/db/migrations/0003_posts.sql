-- Whisps. A rewhisp is a row of its own (author = who rewhisped, rewhisp_of_id = the original),
-- so feeds page over one table. Hashtags and mentions are parsed by the server when the content
-- is written and kept beside it, so hashtag pages and trends never re-parse text.
create table posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null references users (id) on delete cascade,
  content text not null default '',
  media_keys text[] not null default '{}',
  hashtags text[] not null default '{}',
  mentions text[] not null default '{}',
  is_reply boolean not null default false,
  -- A reply outlives the whisp it answered: it stays a reply, only the link goes.
  reply_to_id uuid references posts (id) on delete set null,
  -- A rewhisp goes with its original (api.md: "its likes, bookmarks and rewhisps go with it").
  rewhisp_of_id uuid references posts (id) on delete cascade,
  can_reply text not null default 'everyone' check (can_reply in ('everyone', 'followers', 'none')),
  can_repost boolean not null default true,
  -- Kept by the triggers below in the same transaction as the rows they count.
  like_count integer not null default 0 check (like_count >= 0),
  reply_count integer not null default 0 check (reply_count >= 0),
  rewhisp_count integer not null default 0 check (rewhisp_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- 'simple' keeps every word as written (no English stemming): members write in many languages,
  -- and prefix matching (word:*) covers what stemming would.
  search_vector tsvector generated always as (to_tsvector('simple', content)) stored,
  check (not (is_reply and rewhisp_of_id is not null))
);

-- Profile tabs and the Following feed: one member's whisps, newest first.
create index posts_author_created_idx on posts (author_id, created_at desc, id desc);
-- The Following feed walks this newest first, keeping the whisps of followed members, and stops
-- after one page; a cursor starts the walk where the last page ended.
create index posts_feed_created_idx on posts (created_at desc, id desc) where not is_reply;
-- Public feed and trends: the newest top-level whisps.
create index posts_top_level_created_idx on posts (created_at desc, id desc)
  where not is_reply and rewhisp_of_id is null;
-- A whisp's replies, oldest first.
create index posts_reply_to_idx on posts (reply_to_id, created_at, id) where reply_to_id is not null;
-- Rewhisping twice leaves one rewhisp, even when both requests arrive together.
create unique index posts_one_rewhisp_per_member_key on posts (author_id, rewhisp_of_id)
  where rewhisp_of_id is not null;
create index posts_rewhisp_of_idx on posts (rewhisp_of_id) where rewhisp_of_id is not null;
create index posts_search_idx on posts using gin (search_vector);
create index posts_hashtags_idx on posts using gin (hashtags);
-- "Well-liked recent whisps of others" for the For you feed (WELL_LIKED_MIN_LIKES in feeds.ts).
create index posts_well_liked_idx on posts (created_at desc, id desc)
  where like_count >= 3 and not is_reply and rewhisp_of_id is null;

create table likes (
  user_id uuid not null references users (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);

create index likes_user_created_idx on likes (user_id, created_at desc, post_id desc);

create table bookmarks (
  id uuid not null default gen_random_uuid() unique,
  user_id uuid not null references users (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, post_id)
);

create index bookmarks_user_created_idx on bookmarks (user_id, created_at desc, id desc);
create index bookmarks_post_idx on bookmarks (post_id);

-- Files a member uploaded for whisps: a whisp may only show files its author uploaded.
create table post_media (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  kind text not null check (kind in ('image', 'video')),
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- Kept for moderation even after the whisp is deleted.
create table post_reports (
  id uuid primary key default gen_random_uuid(),
  post_id uuid references posts (id) on delete set null,
  reporter_id uuid not null references users (id) on delete cascade,
  reason text not null,
  details text,
  created_at timestamptz not null default now()
);

create index post_reports_post_idx on post_reports (post_id);

-- Idempotency-Key → the whisp it made, per member: a retried request returns that whisp.
create table post_idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  post_id uuid not null references posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- Counters follow their rows inside the writing transaction, whoever writes (routes or the demo
-- loader). Concurrent likes each take the post row's lock for the increment, so none is lost.
create function likes_keep_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update posts set like_count = like_count + 1 where id = new.post_id;
  else
    update posts set like_count = like_count - 1 where id = old.post_id;
  end if;
  return null;
end;
$$;

create trigger likes_keep_count after insert or delete on likes
  for each row execute function likes_keep_count();

create function posts_keep_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.reply_to_id is not null then
      update posts set reply_count = reply_count + 1 where id = new.reply_to_id;
    end if;
    if new.rewhisp_of_id is not null then
      update posts set rewhisp_count = rewhisp_count + 1 where id = new.rewhisp_of_id;
    end if;
  else
    if old.reply_to_id is not null then
      update posts set reply_count = reply_count - 1 where id = old.reply_to_id;
    end if;
    if old.rewhisp_of_id is not null then
      update posts set rewhisp_count = rewhisp_count - 1 where id = old.rewhisp_of_id;
    end if;
  end if;
  return null;
end;
$$;

create trigger posts_keep_counts after insert or delete on posts
  for each row execute function posts_keep_counts();

-- Member search by name as one types: "mar" finds "maria_k".
create index users_username_prefix_idx on users (lower(username) text_pattern_ops);
