-- Filters (v2) and reports of the Mastodon client API (1.2). A Mastodon filter is a titled group of
-- keywords; Whisp's muted words are the keywords (routes/mastodon/filters.ts says how the rest
-- maps). Apps create a filter first and add its keywords one request at a time (Tusky, Ice
-- Cubes), so a filter is a row of its own, which may hold no word yet; a muted word added in
-- Whisp's own app belongs to none and is shown as a filter of its own. Ids are made and kept as
-- 0026_mastodon_ids.sql makes them (mastodon_id(), take_mastodon_id(), and 0031's default for
-- loads with the triggers off); every table draws on the one sequence, so a filter's id is never
-- a muted word's, and either names a filter.
create table mastodon_filters (
  mastodon_id bigint primary key default mastodon_id(clock_timestamp()),
  user_id uuid not null references users (id) on delete cascade,
  title text not null check (length(title) between 1 and 100),
  created_at timestamptz not null default now()
);
-- The member's filters, oldest first: one index range.
create index mastodon_filters_user_idx on mastodon_filters (user_id, mastodon_id);
create trigger mastodon_filters_take_mastodon_id before insert on mastodon_filters
  for each row execute function take_mastodon_id();

alter table muted_words add column mastodon_id bigint;
update muted_words set mastodon_id = mastodon_id(created_at);
alter table muted_words alter column mastodon_id set not null;
alter table muted_words alter column mastodon_id set default mastodon_id(clock_timestamp());
create unique index muted_words_mastodon_id_key on muted_words (mastodon_id);
create trigger muted_words_take_mastodon_id before insert on muted_words
  for each row execute function take_mastodon_id();

-- Deleting a filter deletes its words, as Mastodon deletes a filter's keywords.
alter table muted_words add column mastodon_filter_id bigint
  references mastodon_filters (mastodon_id) on delete cascade;
create index muted_words_mastodon_filter_idx on muted_words (mastodon_filter_id)
  where mastodon_filter_id is not null;

-- The Report entity's id (POST /api/v1/reports answers it); nothing looks a report up by it.
alter table reports add column mastodon_id bigint;
update reports set mastodon_id = mastodon_id(created_at);
alter table reports alter column mastodon_id set not null;
alter table reports alter column mastodon_id set default mastodon_id(clock_timestamp());
create trigger reports_take_mastodon_id before insert on reports
  for each row execute function take_mastodon_id();
