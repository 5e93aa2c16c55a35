-- Members. Usernames and emails are unique whatever their case: "Alice" and "alice" are one
-- person to everyone reading a profile or typing an address.
create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null check (username ~ '^[A-Za-z0-9_]+$'),
  email text not null,
  password_hash text not null,
  display_name text not null check (length(display_name) > 0),
  bio text,
  avatar_key text,
  banner_key text,
  banner_position_x double precision not null default 50
    check (banner_position_x between 0 and 100),
  banner_position_y double precision not null default 50
    check (banner_position_y between 0 and 100),
  is_verified boolean not null default false,
  is_private boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index users_username_lower_key on users (lower(username));
create unique index users_email_lower_key on users (lower(email));

-- One row per sign-in, so signing out on one device leaves the others signed in. Only a hash of
-- the token is kept: a leaked copy of this table signs nobody in.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index sessions_user_id_idx on sessions (user_id);

-- Counts are computed from these rows (indexed both ways), so they can never drift from them.
create table follows (
  follower_id uuid not null references users (id) on delete cascade,
  followed_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followed_id),
  check (follower_id <> followed_id)
);

create index follows_followed_id_idx on follows (followed_id, created_at);
create index follows_follower_id_created_at_idx on follows (follower_id, created_at);
