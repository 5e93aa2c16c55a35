-- Where each session was started and when it was last used, for the member's sessions list.
-- last_used_at is written at most about once a minute per session (auth/session-activity.ts).
alter table sessions add column user_agent text;
alter table sessions add column last_used_at timestamptz;
update sessions set last_used_at = created_at;
alter table sessions alter column last_used_at set not null;
alter table sessions alter column last_used_at set default now();

-- Password reset links. Only a SHA-256 of the token is kept (it has 256 random bits, so a hash is
-- enough): a leaked copy of this table resets nobody's password. A row is deleted when used, and
-- a newer request of the same member deletes the older rows (voids their links).
create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  -- When the request that made it was queued: an older request retried late never voids a newer one.
  requested_at timestamptz not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index password_reset_tokens_user_id_idx on password_reset_tokens (user_id);

-- Mail waiting to leave, durable across restarts. A row is claimed by one instance at a time
-- (for update skip locked, plus a lease in claimed_until should that instance die mid-send),
-- deleted once sent, and kept with failed_at once every attempt has failed (the failure is logged).
-- The content is composed at sending time: a reset link's token is never stored in clear here.
create table mail_queue (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('password_reset')),
  -- The address as it was asked for; the mail goes to the member's stored address.
  recipient text not null,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  last_error text,
  failed_at timestamptz
);

create index mail_queue_due_idx on mail_queue (next_attempt_at) where failed_at is null;
