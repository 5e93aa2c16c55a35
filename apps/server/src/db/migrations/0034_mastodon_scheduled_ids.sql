-- Scheduled statuses in the Mastodon client API (1.2): a scheduled whisp
-- (0015_jobs_and_schedules.sql) is a ScheduledStatus, named by a Mastodon id made and kept as
-- 0026_mastodon_ids.sql makes them (mastodon_id(), take_mastodon_id(), and 0031's default for
-- loads with the triggers off): decimal, growing with the row's created_at, so
-- GET /api/v1/scheduled_statuses pages newest first by it as Mastodon does. The whisp it becomes
-- gets its own id when it is published.
alter table scheduled_posts add column mastodon_id bigint;
update scheduled_posts set mastodon_id = mastodon_id(created_at);
alter table scheduled_posts alter column mastodon_id set not null;
alter table scheduled_posts alter column mastodon_id set default mastodon_id(clock_timestamp());
create unique index scheduled_posts_mastodon_id_key on scheduled_posts (mastodon_id);
create trigger scheduled_posts_take_mastodon_id before insert on scheduled_posts
  for each row execute function take_mastodon_id();
