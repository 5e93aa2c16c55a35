-- The public feed and trends walk the newest top-level whisps (0003). Since private accounts
-- (0020), every viewer's walk asks each whisp whether its author is private and who wrote it:
-- read from the table, that was a heap page for most whisps of a page (33 buffers where the walk
-- had read 4 at 1M whisps). Held in the index, the walk reads no table row again.
drop index posts_top_level_created_idx;
create index posts_top_level_created_idx on posts (created_at desc, id desc)
  include (author_id, author_private) where not is_reply and rewhisp_of_id is null;
