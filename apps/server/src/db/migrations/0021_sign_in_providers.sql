-- Sign in with another account (1.2): OpenID Connect providers an operator configures with
-- WHISP_OIDC_PROVIDERS. A provider is named by the id the operator gave it, not a row of its own:
-- the configuration is the only source of providers, and one taken out of it simply stops
-- signing anyone in.

-- A member who signed up with a provider has no password until they set one (a password reset),
-- and no email when the provider did not say that the address is verified. The unique index on
-- lower(email) lets any number of members have none.
alter table users alter column password_hash drop not null;
alter table users alter column email drop not null;

-- A provider account linked to a member, by the provider's subject (never by email: whoever
-- controls an address at a provider must not reach a member who merely shares it). One provider
-- account belongs to one member.
create table identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  subject text not null,
  created_at timestamptz not null default now(),
  unique (provider, subject)
);

-- A member's connected accounts (Settings), oldest first.
create index identities_user_id_idx on identities (user_id, created_at);

-- A sign-in or a connection under way, from the start to the provider's callback: kept here, not
-- in one process, so that any instance can take the callback. Only a hash of `state` is stored
-- (the state travels in URLs), and of the browser binding, a random value in an HttpOnly cookie
-- of the browser that started: a callback opened in another browser (a link someone was sent)
-- finds no flow. One use: the callback deletes the row it takes.
create table oidc_flows (
  state_hash text primary key,
  browser_hash text not null,
  provider text not null,
  nonce text not null,
  code_verifier text not null,
  -- The member connecting the provider from Settings; null for a sign-in.
  user_id uuid references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create index oidc_flows_expires_at_idx on oidc_flows (expires_at);

-- What a callback found out, waiting for the app's POST /api/auth/oidc/complete behind an HttpOnly
-- cookie (so no token ever sits in a URL): a member to sign in, or the claims of a new member who
-- may still have to choose a username. Hashed, one use, short-lived. A ticket for a new member
-- is kept until the member exists, so that a username refused does not end the sign-in.
create table oidc_tickets (
  token_hash text primary key,
  provider text not null,
  user_id uuid references users (id) on delete cascade,
  -- { subject, email, names }: email only when the provider verified it, names to make a username.
  claims jsonb,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((user_id is null) <> (claims is null))
);

create index oidc_tickets_expires_at_idx on oidc_tickets (expires_at);
