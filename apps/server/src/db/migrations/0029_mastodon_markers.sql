-- Where a member stopped reading, as Mastodon apps keep it (methods/markers.md), so that another
-- app, or the same one on another device, starts there. The notifications marker also marks
-- Whisp's notifications read up to it (routes/mastodon/markers.ts), so both APIs agree on what
-- is unread.
create table mastodon_markers (
  user_id uuid not null references users (id) on delete cascade,
  timeline text not null check (timeline in ('home', 'notifications')),
  last_read_id text not null,
  -- Bumped by every save: apps compare it to tell a newer marker (optimistic locking).
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  primary key (user_id, timeline)
);
