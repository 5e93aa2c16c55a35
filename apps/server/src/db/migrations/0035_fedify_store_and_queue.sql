-- Federation (issue 35): Fedify's key–value store and message queue (src/federation/), kept in
-- this database so that every instance shares them and they outlive a restart, on PGlite and
-- PostgreSQL alike (Fedify's own @fedify/postgres needs another driver).

-- Fedify's caches and state: remote documents and keys, idempotence marks, and so on.
create table fedify_kv (
  -- Fedify's key, a list of strings: `list(prefix)` compares its first elements.
  key text[] primary key,
  value jsonb not null,
  -- Null never expires; an expired row reads as absent and is overwritten by the next `set`.
  expires_at timestamptz
);

-- Expired rows, for a sweep.
create index fedify_kv_expires_at_idx on fedify_kv (expires_at) where expires_at is not null;

-- Fedify's queued work (deliveries, received activities, fan-outs). A row is claimed as mail is
-- (0010_mail_and_sessions.sql): `for update skip locked` and a lease, so one instance handles it,
-- and another takes it over if that one dies mid-way. Handled rows are deleted; Fedify retries
-- a failure itself by enqueueing the message again.
create table fedify_messages (
  -- Enqueue order: messages are claimed oldest first, and one with an ordering key only once
  -- no older row with that key is left.
  id bigint generated always as identity primary key,
  -- Fedify may keep separate queues (inbox, outbox, fan-out) in one table.
  queue text not null,
  message jsonb not null,
  ordering_key text,
  -- The database's clock, as every instance's claims compare against it.
  deliver_after timestamptz not null default now(),
  claimed_until timestamptz,
  created_at timestamptz not null default now()
);

create index fedify_messages_due_idx on fedify_messages (queue, deliver_after, id);
-- The older-row check for ordering keys.
create index fedify_messages_ordering_idx on fedify_messages (queue, ordering_key, id)
  where ordering_key is not null;
