-- Account data (contract 1.1): importing an export, and deleting an account with its files.

-- What POST /api/users/me/import brought in, by where it came from ('<instance id>/<account id>/
-- <post id>' of the exporting server), so that importing the same archive again adds nothing.
-- The memory outlives the whisp: a member who deleted an imported whisp does not get it back
-- by importing again.
create table imported_posts (
  user_id uuid not null references users (id) on delete cascade,
  source text not null,
  post_id uuid references posts (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, source)
);

-- A reply in an archive finds its parent among the member's imported whisps through this.
create index imported_posts_post_idx on imported_posts (post_id) where post_id is not null;

-- Files that may have lost their last reference (a deleted account's whisps, avatar, banner).
-- Written in the deleting transaction; each file is removed after the commit, when nothing names
-- it any more, and the row goes with it. Rows left by a crash are finished at the next start.
create table media_removals (
  key text primary key,
  created_at timestamptz not null default now()
);

-- "Does anyone else still use this file?" by key alone (the primary key starts with the member).
create index post_media_key_idx on post_media (key);
