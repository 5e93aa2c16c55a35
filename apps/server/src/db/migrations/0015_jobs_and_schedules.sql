-- Scheduled whisps (Composer 1.2): stored until their time, then published by whichever instance
-- runs (src/jobs/). A row is its own job: publishing inserts the whisp and deletes the row in one
-- transaction, claimed with `for update skip locked`, so it is published exactly once; a crash
-- mid-way rolls both back and the row is published later. Poll endings are found the same way
-- in polls (ended_notified_at, 0014_composer.sql), and mail in mail_queue (0010).
create table scheduled_posts (
  id uuid primary key default gen_random_uuid(),
  -- Deleting the account deletes what it had scheduled.
  author_id uuid not null references users (id) on delete cascade,
  scheduled_at timestamptz not null,
  content text not null,
  content_warning text,
  -- Uploads of the author (post_media), reserved for this whisp until it is published.
  media_keys text[] not null default '{}',
  -- One per media key, null where it has no description; empty when none has one (as posts).
  media_alts text[] not null default '{}',
  -- The poll as the request gave it ({ options, expires_in, multiple }): it starts running, and
  -- its expiry counts, from publishing.
  poll jsonb,
  can_reply text not null default 'everyone' check (can_reply in ('everyone', 'followers', 'none')),
  can_repost boolean not null default true,
  created_at timestamptz not null default now(),
  -- A publication that failed (logged) waits until then before it is tried again, so one broken
  -- row never holds up the others due after it.
  retry_at timestamptz,
  failed_attempts integer not null default 0
);

-- What is due, soonest first.
create index scheduled_posts_due_idx on scheduled_posts (scheduled_at);
-- A member's list, soonest first, and their count against SCHEDULED_POSTS_MAX.
create index scheduled_posts_author_idx on scheduled_posts (author_id, scheduled_at, id);
