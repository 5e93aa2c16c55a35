-- Direct messages in the Mastodon client API (1.2): a Whisp message is a `direct` status and a
-- Whisp conversation a Mastodon conversation, so both carry Mastodon ids, made and kept as
-- 0026_mastodon_ids.sql makes them (mastodon_id(), take_mastodon_id(), and 0031's default for
-- loads with the triggers off). Every table draws on the one mastodon_id_seq, so a message's id
-- is never a whisp's: GET /api/v1/statuses/{id} can answer either by it.
alter table messages add column mastodon_id bigint;
update messages set mastodon_id = mastodon_id(created_at);
alter table messages alter column mastodon_id set not null;
alter table messages alter column mastodon_id set default mastodon_id(clock_timestamp());
create unique index messages_mastodon_id_key on messages (mastodon_id);
-- A conversation's last message (its `last_status`, and what the conversation list pages by, as
-- Mastodon pages it) is the newest of its ids: one probe of this index per conversation.
create index messages_conversation_mastodon_idx on messages (conversation_id, mastodon_id);
create trigger messages_take_mastodon_id before insert on messages
  for each row execute function take_mastodon_id();

alter table conversations add column mastodon_id bigint;
update conversations set mastodon_id = mastodon_id(created_at);
alter table conversations alter column mastodon_id set not null;
alter table conversations alter column mastodon_id set default mastodon_id(clock_timestamp());
create unique index conversations_mastodon_id_key on conversations (mastodon_id);
create trigger conversations_take_mastodon_id before insert on conversations
  for each row execute function take_mastodon_id();

-- A conversation a member removed from their Mastodon list (DELETE /api/v1/conversations/{id}):
-- as in Mastodon its messages stay (the other member still has them, and Whisp's own Messages
-- still shows it), and a message newer than the removal brings it back.
create table mastodon_conversation_removals (
  user_id uuid not null references users (id) on delete cascade,
  conversation_id uuid not null references conversations (id) on delete cascade,
  removed_at timestamptz not null default now(),
  primary key (user_id, conversation_id)
);
create index mastodon_conversation_removals_conversation_idx
  on mastodon_conversation_removals (conversation_id);
