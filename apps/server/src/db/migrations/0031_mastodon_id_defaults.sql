-- Mastodon ids (0026 to 0030) come from each row's created_at through the tables' triggers. A load
-- with the triggers off (bench/data.mjs; the transfer import brings the ids with the rows) still
-- gives each row one: the moment it was written. bench/data.mjs then numbers its rows by their
-- created_at, as the triggers would have.
alter table users alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table posts alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table notifications alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table follows alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table follow_requests alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table blocks alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table mutes alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table likes alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table bookmarks alter column mastodon_id set default mastodon_id(clock_timestamp());
alter table post_media alter column mastodon_id set default mastodon_id(clock_timestamp());
