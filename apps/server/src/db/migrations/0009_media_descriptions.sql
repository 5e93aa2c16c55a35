-- Each attachment's description (alt text), beside media_keys in the same row and order:
-- media_alts[i] describes media_keys[i], null when it has none, and a whisp without descriptions
-- keeps the empty list (shorter than its media_keys). Feeds read it with the row they already
-- read, so a description costs no join. Adding a column with a constant default rewrites nothing.
alter table posts add column media_alts text[] not null default '{}';
