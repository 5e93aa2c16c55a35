-- Uploads in the Mastodon client API (1.2): a Mastodon app uploads a file first (POST
-- /api/v2/media), may describe it, and then names it by id in the status it posts, as a whisp
-- names its uploads by URL. An upload is a post_media row (one file a member uploaded), so the row
-- carries its Mastodon id, made and kept as 0026_mastodon_ids.sql makes them (mastodon_id(),
-- take_mastodon_id()): decimal, 18 digits, growing with the row's created_at. A status shows each
-- attachment under its upload's id, the one the upload answered.
alter table post_media add column mastodon_id bigint;
update post_media set mastodon_id = mastodon_id(created_at);
alter table post_media alter column mastodon_id set not null;
create unique index post_media_mastodon_id_key on post_media (mastodon_id);
create trigger post_media_take_mastodon_id before insert on post_media
  for each row execute function take_mastodon_id();

-- What a Mastodon app said the file shows (its `description`), kept until a status names the
-- upload: the whisp then keeps its own copy in media_alts (0009_media_descriptions.sql), as
-- Whisp's own API sends it with the whisp. Null for none.
alter table post_media add column description text;
