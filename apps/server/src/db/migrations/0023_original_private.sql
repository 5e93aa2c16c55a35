-- Whether a rewhisp's original is by a private member, on the rewhisp itself (Privacy and
-- preferences 1.2). Following walks the newest whisps of whom the viewer follows; their own whisps
-- need no privacy check (their authors are followed), but a rewhisp's original did, and the walk
-- read each original by primary key to learn whether its author was private: 7 buffers per
-- rewhisp walked, though nearly every original is public (pnpm bench at 1M whisps with a tenth of
-- members private: Following served 10% fewer pages a second, p99 +16%). Carried here and in the
-- feeds' index, the walk reads an original only when it is a private member's. Kept by the
-- triggers below, never by the application; false on every whisp that is no rewhisp.
alter table posts add column original_private boolean not null default false;

update posts r set original_private = true
from posts o
where r.rewhisp_of_id = o.id and o.author_private;

-- A whisp takes its author's privacy as it is written (0020), and a rewhisp its original's.
create or replace function posts_take_author_privacy() returns trigger language plpgsql as $$
begin
  new.author_private := coalesce((select is_private from users where id = new.author_id), false);
  new.original_private := new.rewhisp_of_id is not null and coalesce(
    (select author_private from posts where id = new.rewhisp_of_id), false);
  return new;
end;
$$;

-- Following and For you's walk (0020) also holds whether a rewhisp's original is private.
drop index posts_feed_created_idx;
create index posts_feed_created_idx on posts (created_at desc, id desc)
  include (author_id, author_private, rewhisp_of_id, original_private) where not is_reply;

-- A member turning private or public carries it to each of their whisps (0020) and now to every
-- rewhisp of them too, found through posts_rewhisp_of_idx: as large as the rewhisps the member's
-- whisps have, in the transaction that turns them.
create or replace function users_carry_privacy() returns trigger language plpgsql as $$
begin
  update hashtag_counts set post_count = post_count
      + case when new.is_private then -theirs.count else theirs.count end
  from (
    select tag, count(distinct p.id) as count
    from posts p cross join lateral unnest(p.hashtags) as tag
    where p.author_id = new.id and p.rewhisp_of_id is null
    group by tag order by tag
  ) theirs
  where hashtag_counts.hashtag = theirs.tag;
  -- A tag only private whisps carried has no row yet.
  if not new.is_private then
    insert into hashtag_counts (hashtag, post_count)
      select tag, count(distinct p.id)
      from posts p cross join lateral unnest(p.hashtags) as tag
      where p.author_id = new.id and p.rewhisp_of_id is null
        and not exists (select 1 from hashtag_counts c where c.hashtag = tag)
      group by tag order by tag
      -- Unless another whisp made the row since.
      on conflict (hashtag) do update set post_count = hashtag_counts.post_count + excluded.post_count;
  end if;
  update posts set author_private = new.is_private
  where author_id = new.id and author_private <> new.is_private;
  update posts r set original_private = new.is_private
  from posts o
  where o.author_id = new.id and r.rewhisp_of_id = o.id and r.original_private <> new.is_private;
  if new.is_private then
    update posts set has_private_answers = true
    where not has_private_answers and id in (
      select reply_to_id from posts where author_id = new.id and reply_to_id is not null
      union select rewhisp_of_id from posts where author_id = new.id and rewhisp_of_id is not null
    );
  end if;
  return null;
end;
$$;
