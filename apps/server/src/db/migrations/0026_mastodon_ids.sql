-- Numeric ids for the Mastodon client API (1.2). Mastodon apps compare and page by ids that are
-- decimal strings growing with time (Tusky sorts by length then text; Ice Cubes compares them as
-- text and reads `max_id=[0-9]+` out of Link headers; Ivory expects numbers): see
-- docs/mastodon-clients.md, section 2. Whisp's own API keeps its uuids; each paged table carries
-- its Mastodon id beside them, so either API reaches a row by its own id through an index.
--
-- Made as Mastodon makes them (lib/mastodon/snowflake.rb): the row's creation time in
-- milliseconds, shifted 16 bits, plus a sequence's low 16 bits, so they keep the order rows were
-- written in to the millisecond, and 65,536 rows may share a millisecond. From the row's own
-- created_at (an imported whisp keeps its date, and its id follows it): 18 digits until the
-- year 2450.
create sequence mastodon_id_seq;

create function mastodon_id(created timestamptz) returns bigint language sql volatile as $$
  select (floor(extract(epoch from created) * 1000)::bigint << 16)
    | (nextval('mastodon_id_seq') & 65535)
$$;

-- Kept by a trigger, never by the application.
create function take_mastodon_id() returns trigger language plpgsql as $$
begin
  new.mastodon_id := mastodon_id(new.created_at);
  return new;
end;
$$;

alter table users add column mastodon_id bigint;
update users set mastodon_id = mastodon_id(created_at);
alter table users alter column mastodon_id set not null;
create unique index users_mastodon_id_key on users (mastodon_id);
create trigger users_take_mastodon_id before insert on users
  for each row execute function take_mastodon_id();

alter table posts add column mastodon_id bigint;
update posts set mastodon_id = mastodon_id(created_at);
alter table posts alter column mastodon_id set not null;
create unique index posts_mastodon_id_key on posts (mastodon_id);
create trigger posts_take_mastodon_id before insert on posts
  for each row execute function take_mastodon_id();

alter table notifications add column mastodon_id bigint;
update notifications set mastodon_id = mastodon_id(created_at);
alter table notifications alter column mastodon_id set not null;
create unique index notifications_mastodon_id_key on notifications (mastodon_id);
create trigger notifications_take_mastodon_id before insert on notifications
  for each row execute function take_mastodon_id();
