-- Mastodon ids for the rows behind the Mastodon client API's account lists (1.2): followers,
-- following, blocks, mutes and follow requests page by the hidden id of the follow, block, mute
-- or request, not the account's, as Mastodon's do (docs/mastodon-clients.md, 2.3): the member
-- followed first may be followed by you last. Made and kept as 0026_mastodon_ids.sql makes
-- them (mastodon_id(), take_mastodon_id()), so they are decimal, 18 digits and grow with the
-- row's created_at like every other Mastodon id.
--
-- Each list is read newest first from one index on its owner and this id, whose order it pages
-- by (`mastodon_id < max_id`), so a page costs an index range however long the list. No index
-- on the id alone: nothing looks these rows up by it.

alter table follows add column mastodon_id bigint;
update follows set mastodon_id = mastodon_id(created_at);
alter table follows alter column mastodon_id set not null;
create index follows_followed_mastodon_idx on follows (followed_id, mastodon_id);
create index follows_follower_mastodon_idx on follows (follower_id, mastodon_id);
create trigger follows_take_mastodon_id before insert on follows
  for each row execute function take_mastodon_id();

alter table blocks add column mastodon_id bigint;
update blocks set mastodon_id = mastodon_id(created_at);
alter table blocks alter column mastodon_id set not null;
create index blocks_blocker_mastodon_idx on blocks (blocker_id, mastodon_id);
create trigger blocks_take_mastodon_id before insert on blocks
  for each row execute function take_mastodon_id();

alter table mutes add column mastodon_id bigint;
update mutes set mastodon_id = mastodon_id(created_at);
alter table mutes alter column mastodon_id set not null;
create index mutes_muter_mastodon_idx on mutes (muter_id, mastodon_id);
create trigger mutes_take_mastodon_id before insert on mutes
  for each row execute function take_mastodon_id();

alter table follow_requests add column mastodon_id bigint;
update follow_requests set mastodon_id = mastodon_id(created_at);
alter table follow_requests alter column mastodon_id set not null;
create index follow_requests_target_mastodon_idx on follow_requests (target_id, mastodon_id);
create trigger follow_requests_take_mastodon_id before insert on follow_requests
  for each row execute function take_mastodon_id();
