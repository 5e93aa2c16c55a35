-- A member's authorization of a Mastodon app (Mastodon client API 1.2).
--
-- An app's token for a member is a session: revoking, "sign out everywhere", a password change,
-- suspension, the sign-in cache and "last used" already hold for sessions, and hold for apps the
-- same way. The app and what the member granted it tell it apart; Whisp's own API refuses it.
alter table sessions
  add column app_id uuid references oauth_apps (id) on delete cascade,
  add column scopes text[],
  add constraint sessions_app_scopes check ((app_id is null) = (scopes is null));

-- Settings' "Connected apps": a member's app sessions, by app.
create index sessions_user_app_idx on sessions (user_id, app_id) where app_id is not null;

-- One authorization on its way to a token: the member's decision, kept behind a one-use ticket
-- that the consent page posts in a real form (so the answer can be an HTTP redirect to the app),
-- then behind the one-use code the app exchanges at /oauth/token. Only hashes of either are
-- kept. A row lives minutes; expired ones are swept with ended sessions.
create table oauth_authorizations (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references oauth_apps (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  ticket_hash text unique,
  code_hash text unique,
  approved boolean not null,
  redirect_uri text not null,
  scopes text[] not null,
  -- Given back to the app unchanged with the code.
  state text,
  -- PKCE (RFC 7636, S256 only): the code is exchanged only with the verifier that hashes to it.
  code_challenge text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- A ticket becomes a code (or, denied, nothing): never both at once.
  constraint oauth_authorizations_one_step check (ticket_hash is null or code_hash is null)
);

create index oauth_authorizations_expires_at_idx on oauth_authorizations (expires_at);
create index oauth_authorizations_user_id_idx on oauth_authorizations (user_id);
