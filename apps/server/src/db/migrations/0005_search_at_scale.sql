-- Search and hashtag pages at a million whisps (issue 9). Both used to read every matching whisp:
-- the hashtag page to sort them newest first and to count them, search to rank them all.

-- Newest first over whisps that are not rewhisps, replies included: what a hashtag page and
-- search list. For a common word or tag the planner walks this backwards and stops after a page;
-- a rare one still goes through the GIN indexes.
create index posts_original_created_idx on posts (created_at desc, id desc)
  where rewhisp_of_id is null;

-- How many whisps carry each hashtag (rewhisps excluded, as the hashtag page counts), kept by the
-- trigger below inside the writing transaction, so the page reads one row instead of counting.
create table hashtag_counts (
  hashtag text primary key,
  post_count integer not null check (post_count >= 0)
);

insert into hashtag_counts (hashtag, post_count)
  select tag, count(distinct posts.id)
  from posts cross join lateral unnest(posts.hashtags) as tag
  where posts.rewhisp_of_id is null
  group by tag;

-- New tags are counted in sorted order, so two new whisps sharing several tags take their
-- counters' locks in the same order rather than deadlocking each other.
create function posts_keep_hashtag_counts() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.rewhisp_of_id is null
      and cardinality(old.hashtags) > 0 then
    update hashtag_counts set post_count = post_count - 1
    where hashtag in (select distinct tag from unnest(old.hashtags) as tag order by tag);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.rewhisp_of_id is null
      and cardinality(new.hashtags) > 0 then
    insert into hashtag_counts (hashtag, post_count)
      select distinct tag, 1 from unnest(new.hashtags) as tag order by tag
      on conflict (hashtag) do update set post_count = hashtag_counts.post_count + 1;
  end if;
  return null;
end;
$$;

create trigger posts_keep_hashtag_counts after insert or delete or update of hashtags on posts
  for each row execute function posts_keep_hashtag_counts();
