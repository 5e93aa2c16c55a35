-- A member's followers, following and whisps, stored on the member and kept by triggers inside the
-- writing transaction (issue 9): a profile used to count them on every view, which read all
-- 100,000 follows of a much-followed member each time.
alter table users
  add column followers_count integer not null default 0 check (followers_count >= 0),
  add column following_count integer not null default 0 check (following_count >= 0),
  -- What a member wrote (whisps and replies); their rewhisps are other people's posts.
  add column posts_count integer not null default 0 check (posts_count >= 0);

update users set followers_count = counted.n
  from (select followed_id as id, count(*) as n from follows group by followed_id) counted
  where users.id = counted.id;
update users set following_count = counted.n
  from (select follower_id as id, count(*) as n from follows group by follower_id) counted
  where users.id = counted.id;
update users set posts_count = counted.n
  from (select author_id as id, count(*) as n from posts where rewhisp_of_id is null
        group by author_id) counted
  where users.id = counted.id;

-- One statement for both members: it locks their rows in index order, so two members following
-- each other at the same moment cannot deadlock.
create function follows_keep_member_counts() returns trigger language plpgsql as $$
declare
  change integer := case when tg_op = 'INSERT' then 1 else -1 end;
  follower uuid := case when tg_op = 'INSERT' then new.follower_id else old.follower_id end;
  followed uuid := case when tg_op = 'INSERT' then new.followed_id else old.followed_id end;
begin
  update users set
    followers_count = followers_count + case when id = followed then change else 0 end,
    following_count = following_count + case when id = follower then change else 0 end
  where id in (follower, followed);
  return null;
end;
$$;

create trigger follows_keep_member_counts after insert or delete on follows
  for each row execute function follows_keep_member_counts();

create function posts_keep_member_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.rewhisp_of_id is null then
    update users set posts_count = posts_count + 1 where id = new.author_id;
  elsif tg_op = 'DELETE' and old.rewhisp_of_id is null then
    update users set posts_count = posts_count - 1 where id = old.author_id;
  end if;
  return null;
end;
$$;

create trigger posts_keep_member_count after insert or delete on posts
  for each row execute function posts_keep_member_count();

-- Member search matches a display name by the start of its words ("mar" finds "Rosa Mariposa"),
-- through this index instead of a LIKE '%…%' over every member.
create index users_display_name_search_idx on users
  using gin (to_tsvector('simple', display_name));

-- The Following and For you feeds walk the newest whisps keeping those of followed members; with
-- the author in the index that walk reads no table rows for the whisps it skips (at a million
-- whisps For you skipped some 20,000 for a member following 265, each a table read).
drop index posts_feed_created_idx;
create index posts_feed_created_idx on posts (created_at desc, id desc) include (author_id)
  where not is_reply;
