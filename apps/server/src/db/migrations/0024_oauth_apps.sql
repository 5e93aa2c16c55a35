-- Apps of the Mastodon client API (1.2): each Mastodon app registers itself with POST /api/v1/apps
-- (no member behind it) before it asks a member to authorize it. Only a hash of the client secret
-- is kept: the app is shown it once, as a password.
create table oauth_apps (
  id uuid primary key default gen_random_uuid(),
  client_id text not null unique,
  client_secret_hash text not null,
  name text not null,
  website text,
  -- Compared exactly when an app asks to send a member back to one.
  redirect_uris text[] not null,
  -- What the app may ever ask a member for.
  scopes text[] not null,
  created_at timestamptz not null default now()
);

-- A token an app holds for itself (the client_credentials grant): it reads what anyone may and
-- proves the app is registered; no member is behind it. Hashed, as sessions are; revoked by
-- deleting it.
create table oauth_app_tokens (
  token_hash text primary key,
  app_id uuid not null references oauth_apps (id) on delete cascade,
  scopes text[] not null,
  created_at timestamptz not null default now()
);

create index oauth_app_tokens_app_id_idx on oauth_app_tokens (app_id);
