-- Mastodon ids for likes and bookmarks (Mastodon client API 1.2): GET /api/v1/favourites and
-- /api/v1/bookmarks page by the hidden id of the like or bookmark, not the status's, as
-- Mastodon's do (docs/mastodon-clients.md, 2.3): the whisp liked last may be the oldest one.
-- favourited_by pages a whisp's likes by the same id. Made and kept as 0026_mastodon_ids.sql
-- makes them (mastodon_id(), take_mastodon_id()), so they are decimal, 18 digits and grow with
-- the row's created_at like every other Mastodon id.
--
-- Each list is read newest first from one index on its owner (the member, or the liked whisp)
-- and this id, whose order it pages by (`mastodon_id < max_id`), so a page costs an index range
-- however long the list. No index on the id alone: nothing looks these rows up by it.

alter table likes add column mastodon_id bigint;
update likes set mastodon_id = mastodon_id(created_at);
alter table likes alter column mastodon_id set not null;
create index likes_user_mastodon_idx on likes (user_id, mastodon_id);
create index likes_post_mastodon_idx on likes (post_id, mastodon_id);
create trigger likes_take_mastodon_id before insert on likes
  for each row execute function take_mastodon_id();

alter table bookmarks add column mastodon_id bigint;
update bookmarks set mastodon_id = mastodon_id(created_at);
alter table bookmarks alter column mastodon_id set not null;
create index bookmarks_user_mastodon_idx on bookmarks (user_id, mastodon_id);
create trigger bookmarks_take_mastodon_id before insert on bookmarks
  for each row execute function take_mastodon_id();
