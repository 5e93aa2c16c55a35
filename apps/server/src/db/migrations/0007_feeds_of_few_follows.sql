-- A member who follows few, or only quiet, members (every new member) had their Following and
-- For you feeds read by walking the newest whisps of everyone until enough were by someone they
-- follow: at a million whisps a member following nobody walked all 850,000 top-level whisps on
-- every page (97 ms in PostgreSQL). Such feeds are now read from the followed authors' side, each
-- author's newest first, from this index alone (feeds.ts, AUTHOR_SIDE_MAX_FOLLOWS).
create index posts_author_feed_idx on posts (author_id, created_at desc, id desc)
  where not is_reply;
