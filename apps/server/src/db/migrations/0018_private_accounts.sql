-- Private accounts (Privacy and preferences 1.2). users.is_private has been there since
-- 0002_accounts.sql; it now means something: only accepted followers read the member's whisps,
-- and following them makes a request they answer.

create table follow_requests (
  requester_id uuid not null references users (id) on delete cascade,
  target_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (requester_id, target_id),
  check (requester_id <> target_id)
);

-- A member's requests, oldest first (GET /api/users/me/follow-requests).
create index follow_requests_target_idx on follow_requests (target_id, created_at, requester_id);

-- Whether any member is private is asked on every sign-in (visibility.ts, viewerFilterColumns):
-- a partial index makes that one probe of an index as small as the private members, and hands
-- the feeds the set of them (visibility.ts, protectedMembers) without reading users.
create index users_private_idx on users (id) where is_private;

-- A follow request reaches the member as a notification of its own, with no message.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check
  check (type in ('like', 'follow', 'rewhisp', 'reply', 'mention', 'direct_message', 'moderation',
    'poll', 'follow_request'));
