-- Whether a whisp's author is private, on the whisp itself (Privacy and preferences 1.2). Each page
-- reads its whisps' rows anyway, so a private member's whisp is told by its own row, and only such
-- a whisp asks whether the viewer follows its author. Before this, every statement of every
-- viewer built the set of private members they do not follow (pnpm bench at 1M whisps with a tenth
-- of members private: Following served 361 pages a second against 996, a hashtag page 5 against
-- 396). Kept by the triggers below, never by the application.
alter table posts add column author_private boolean not null default false;

update posts set author_private = true
where author_id in (select id from users where is_private);

-- A whisp takes its author's privacy as it is written.
create function posts_take_author_privacy() returns trigger language plpgsql as $$
begin
  new.author_private := coalesce((select is_private from users where id = new.author_id), false);
  return new;
end;
$$;

create trigger posts_take_author_privacy before insert on posts
  for each row execute function posts_take_author_privacy();

-- The walk of the newest whisps that Following and For you make (0006) holds what privacy asks
-- of each whisp and of a rewhisp's original, so it still reads no table row for the whisps it
-- keeps or skips: who wrote it, whether they are private, and what it rewhisps.
drop index posts_feed_created_idx;
create index posts_feed_created_idx on posts (created_at desc, id desc)
  include (author_id, author_private, rewhisp_of_id) where not is_reply;

-- A whisp's reply and rewhisp counts include private members' (their followers read them); the
-- few private ones are taken off for everyone else at read time (visibility.ts,
-- activePostCounts), only for a whisp flagged as having any (a private member answered or
-- rewhisped it at some time: a flag left on after they turn public costs a probe, never a wrong
-- count), found through these small indexes rather than every reply of the whisp.
alter table posts add column has_private_answers boolean not null default false;

update posts set has_private_answers = true
where id in (
  select reply_to_id from posts where author_private and reply_to_id is not null
  union select rewhisp_of_id from posts where author_private and rewhisp_of_id is not null
);

create index posts_private_replies_idx on posts (reply_to_id)
  where author_private and reply_to_id is not null;
create index posts_private_rewhisps_idx on posts (rewhisp_of_id)
  where author_private and rewhisp_of_id is not null;

-- The counts' trigger (0003) flags the answered whisp in the update it makes anyway.
create or replace function posts_keep_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.reply_to_id is not null then
      update posts set reply_count = reply_count + 1,
          has_private_answers = has_private_answers or new.author_private
        where id = new.reply_to_id;
    end if;
    if new.rewhisp_of_id is not null then
      update posts set rewhisp_count = rewhisp_count + 1,
          has_private_answers = has_private_answers or new.author_private
        where id = new.rewhisp_of_id;
    end if;
  else
    if old.reply_to_id is not null then
      update posts set reply_count = reply_count - 1 where id = old.reply_to_id;
    end if;
    if old.rewhisp_of_id is not null then
      update posts set rewhisp_count = rewhisp_count - 1 where id = old.rewhisp_of_id;
    end if;
  end if;
  return null;
end;
$$;

-- A hashtag's count, and the trends, are of public members' whisps only, the same for everyone:
-- taking a private member's whisps off one viewer's count meant reading every private member's
-- tagged whisps (a hashtag page took 350 ms of PostgreSQL's time at 1M whisps). As Mastodon's
-- hashtag counts, a followers-only whisp is listed for who may read it but counted for nobody.
create or replace function posts_keep_hashtag_counts() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.rewhisp_of_id is null and not old.author_private
      and cardinality(old.hashtags) > 0 then
    update hashtag_counts set post_count = post_count - 1
    where hashtag in (select distinct tag from unnest(old.hashtags) as tag order by tag);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.rewhisp_of_id is null and not new.author_private
      and cardinality(new.hashtags) > 0 then
    insert into hashtag_counts (hashtag, post_count)
      select distinct tag, 1 from unnest(new.hashtags) as tag order by tag
      on conflict (hashtag) do update set post_count = hashtag_counts.post_count + 1;
  end if;
  return null;
end;
$$;

update hashtag_counts set post_count = post_count - theirs.count
from (
  select tag, count(distinct p.id) as count
  from posts p cross join lateral unnest(p.hashtags) as tag
  where p.author_private and p.rewhisp_of_id is null
  group by tag
) theirs
where hashtag_counts.hashtag = theirs.tag;

-- A member turning private or public carries it to each of their whisps, and takes their whisps
-- off (or puts them back on) the hashtags' counts, in the transaction that turns them, tags in
-- sorted order as the trigger above takes them. Rare, and as large as the member's whisps.
create function users_carry_privacy() returns trigger language plpgsql as $$
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

create trigger users_carry_privacy after update of is_private on users
  for each row when (old.is_private is distinct from new.is_private)
  execute function users_carry_privacy();
