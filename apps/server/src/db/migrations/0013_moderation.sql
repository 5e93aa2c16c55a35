-- Moderation (contract 1.1): roles, reports of whisps and of members with their resolution, the
-- moderators' log, and the notice that tells a member what moderation did.

-- The role an admin (or `pnpm whisp role`) granted. Members named in WHISP_ADMIN_EMAILS are admins
-- on top of this, decided when a member is read, so nothing here goes stale when that list changes.
alter table users add column role text not null default 'member'
  check (role in ('member', 'moderator', 'admin'));

-- Reports were of whisps only; a report now names a whisp or a member, and carries its resolution.
alter table post_reports rename to reports;
alter index post_reports_post_idx rename to reports_post_idx;

alter table reports
  add column target_type text not null default 'post' check (target_type in ('post', 'user')),
  -- The reported member: for a whisp report, its author (kept when the whisp is deleted).
  add column target_user_id uuid references users (id) on delete cascade,
  add column status text not null default 'open' check (status in ('open', 'resolved')),
  add column resolution_action text
    check (resolution_action in ('dismiss', 'remove_post', 'suspend_user')),
  add column resolution_note text,
  add column resolved_by uuid references users (id) on delete set null,
  add column resolved_at timestamptz;

update reports r set target_user_id = p.author_id from posts p where p.id = r.post_id;

-- Reasons were free text; the contract's reasons are the rule now. A reason that is one of them in
-- another case is that reason; any other text becomes `other`, kept at the head of the details.
update reports set reason = lower(btrim(reason))
where lower(btrim(reason)) in
  ('spam', 'harassment', 'hate', 'violence', 'sexual', 'self_harm', 'misinformation', 'other');
update reports set details = concat_ws(E'\n', btrim(reason), details), reason = 'other'
where reason not in
  ('spam', 'harassment', 'hate', 'violence', 'sexual', 'self_harm', 'misinformation', 'other');

-- A report of a whisp deleted before this migration names nobody a moderator could act on; one
-- that repeats an earlier open report of the same member on the same whisp is that report. Both
-- are kept, closed as dismissed by no one.
update reports set status = 'resolved', resolution_action = 'dismiss', resolved_at = now(),
  resolution_note = 'Closed when reports gained a reported member: the whisp was already deleted'
where target_user_id is null;
update reports r set status = 'resolved', resolution_action = 'dismiss', resolved_at = now(),
  resolution_note = 'A repeat of an earlier report by the same member'
where r.status = 'open' and exists (
  select 1 from reports earlier
  where earlier.status = 'open' and earlier.reporter_id = r.reporter_id
    and earlier.post_id = r.post_id
    and (earlier.created_at, earlier.id) < (r.created_at, r.id)
);

alter table reports
  add constraint reports_reason_check check (reason in
    ('spam', 'harassment', 'hate', 'violence', 'sexual', 'self_harm', 'misinformation', 'other')),
  -- A member report names no whisp; a whisp report loses its whisp only when it is deleted.
  add constraint reports_member_report_check check (target_type = 'post' or post_id is null),
  add constraint reports_open_target_check check (status = 'resolved' or target_user_id is not null),
  add constraint reports_resolution_check check (
    (status = 'open') = (resolution_action is null) and (status = 'open') = (resolved_at is null)
  );

-- Reporting the same target again while the first report is open keeps one report, even when
-- two requests race.
create unique index reports_one_open_post_key on reports (reporter_id, post_id)
  where status = 'open' and target_type = 'post';
create unique index reports_one_open_member_key on reports (reporter_id, target_user_id)
  where status = 'open' and target_type = 'user';
-- The queue (open, oldest first) and the resolved list (newest first).
create index reports_open_idx on reports (created_at, id) where status = 'open';
create index reports_resolved_idx on reports (resolved_at desc, id desc) where status = 'resolved';
-- Foreign keys whose deletes look rows up here.
create index reports_reporter_idx on reports (reporter_id);
create index reports_target_user_idx on reports (target_user_id);
create index reports_resolved_by_idx on reports (resolved_by) where resolved_by is not null;

-- Every moderation action, with who took it and on whom. The rows go with the accounts they name
-- (a deleted account takes its data along), not with the whisp a removal deleted.
create table moderation_actions (
  id uuid primary key default gen_random_uuid(),
  action text not null
    check (action in ('dismiss', 'remove_post', 'suspend_user', 'unsuspend_user')),
  moderator_id uuid not null references users (id) on delete cascade,
  target_user_id uuid not null references users (id) on delete cascade,
  -- No foreign key: the entry outlives the whisp it removed.
  post_id uuid,
  report_id uuid references reports (id) on delete set null,
  note text,
  created_at timestamptz not null default now()
);

create index moderation_actions_created_idx on moderation_actions (created_at desc, id desc);
create index moderation_actions_moderator_idx on moderation_actions (moderator_id);
create index moderation_actions_target_idx on moderation_actions (target_user_id);
create index moderation_actions_report_idx on moderation_actions (report_id)
  where report_id is not null;

-- The moderation notice: its own message (what was done and why), and the member themself as its
-- actor, so that no individual moderator is shown to the member they acted on.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check
  check (type in ('like', 'follow', 'rewhisp', 'reply', 'mention', 'direct_message', 'moderation'));
alter table notifications add column message text;
alter table notifications drop constraint notifications_check;
alter table notifications add constraint notifications_check
  check (recipient_id <> actor_id or type = 'moderation');
alter table notifications add constraint notifications_message_check
  check ((type = 'moderation') = (message is not null));
