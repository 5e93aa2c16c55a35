-- Notifications, direct messages and support requests.

-- Orders every live event a member can receive (notifications and messages), so an event stream
-- resumed with Last-Event-ID replays exactly what came after the last event it saw.
create sequence live_event_seq;

create table notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references users (id) on delete cascade,
  actor_id uuid not null references users (id) on delete cascade,
  type text not null
    check (type in ('like', 'follow', 'rewhisp', 'reply', 'mention', 'direct_message')),
  -- The whisp liked, rewhisped or mentioning you, or the reply itself; deleting it takes the
  -- notification along, so nobody is told about something they can no longer see.
  post_id uuid references posts (id) on delete cascade,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  event_seq bigint not null default nextval('live_event_seq'),
  -- Acting on your own content tells nobody.
  check (recipient_id <> actor_id)
);

-- A member's notifications, newest first, paged with a (created_at, id) cursor.
create index notifications_recipient_created_idx
  on notifications (recipient_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (recipient_id) where not is_read;
create index notifications_recipient_event_idx on notifications (recipient_id, event_seq);
create index notifications_post_idx on notifications (post_id) where post_id is not null;
-- One notification per cause, even when two identical requests race: liking twice, or a like
-- arriving while the unlike is still in flight, never tells the author twice.
create unique index notifications_one_per_post_key
  on notifications (recipient_id, type, actor_id, post_id) where post_id is not null;
create unique index notifications_one_per_follow_key
  on notifications (recipient_id, actor_id) where type = 'follow';

-- One conversation per pair of members, whoever starts it: the pair is stored in a fixed order.
create table conversations (
  id uuid primary key default gen_random_uuid(),
  participant_one_id uuid not null references users (id) on delete cascade,
  participant_two_id uuid not null references users (id) on delete cascade,
  last_message text,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  check (participant_one_id < participant_two_id),
  unique (participant_one_id, participant_two_id)
);

create index conversations_two_idx on conversations (participant_two_id);

create table messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_id uuid not null references users (id) on delete cascade,
  recipient_id uuid not null references users (id) on delete cascade,
  content text not null check (length(btrim(content)) > 0),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  event_seq bigint not null default nextval('live_event_seq'),
  check (sender_id <> recipient_id)
);

-- A conversation oldest first.
create index messages_conversation_created_idx on messages (conversation_id, created_at, id);
-- Unread counts, per member and per conversation, from the rows themselves.
create index messages_unread_idx on messages (recipient_id, conversation_id) where not is_read;
create index messages_recipient_event_idx on messages (recipient_id, event_seq);
create index messages_sender_event_idx on messages (sender_id, event_seq);

create table support_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users (id) on delete set null,
  category text not null
    check (category in ('general', 'account', 'bug', 'feature', 'safety', 'other')),
  priority text not null check (priority in ('low', 'medium', 'high', 'urgent')),
  subject text not null,
  description text not null,
  -- Only what the member agreed to send (include_system_info), as they sent it.
  system_info jsonb,
  created_at timestamptz not null default now()
);
