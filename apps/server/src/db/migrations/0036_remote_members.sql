-- Federation (issue 35): members of other servers are rows of `users` too, so that follows, likes,
-- replies, blocks, mutes, reports and notifications name them as they name anyone, and every rule
-- already written for members holds for them. A remote member has a `host`, no email and no
-- password (so nobody can sign in as one), and the addresses of their ActivityPub actor.

alter table users
  -- Null for a member of this server; the server (with its port, if any) of a remote member.
  add column host text check (host is null or host = lower(host)),
  -- The actor's id, its inbox and its server's shared inbox.
  add column actor_uri text,
  add column inbox_url text,
  add column shared_inbox_url text,
  -- The remote profile page people open (the actor's `url`).
  add column profile_url text,
  -- When the actor document was last read: it is read again when older than a day.
  add column fetched_at timestamptz,
  -- A remote member's own choice to approve followers (the actor's manuallyApprovesFollowers).
  -- Their is_private is this, or their server being silenced here (0037): either way only their
  -- followers here read their whisps, through the privacy rules every read already applies.
  add column approves_followers boolean not null default false,
  add constraint users_remote_actor_check
    check ((host is null) = (actor_uri is null) and (host is null or inbox_url is not null));

-- Usernames are unique per server: `alice` here and `alice@example.com` are two members. Remote
-- usernames follow their server's rules (Misskey and Pleroma allow dots and hyphens).
drop index users_username_lower_key;
create unique index users_local_username_key on users (lower(username)) where host is null;
create unique index users_remote_username_key on users (host, lower(username))
  where host is not null;
create unique index users_actor_uri_key on users (actor_uri) where actor_uri is not null;
alter table users drop constraint users_username_check;
alter table users add constraint users_username_check
  check (username ~ '^[A-Za-z0-9_]+$' or (host is not null and username ~ '^[^@\s/]+$'));

-- The keys each local member signs with (RSA for HTTP Signatures, Ed25519 for Object Integrity
-- Proofs), as JWK, made the first time the member's actor is served.
create table actor_keys (
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('RSASSA-PKCS1-v1_5', 'Ed25519')),
  private_key jsonb not null,
  public_key jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, kind)
);

-- A remote whisp keeps its ActivityPub id (to apply edits, deletes and replies to it), the page
-- people open, and its HTML as sanitised when received; `content` holds its text, for search and
-- for Whisp's own clients.
alter table posts
  add column uri text,
  add column url text,
  add column content_html text;
create unique index posts_uri_key on posts (uri) where uri is not null;
