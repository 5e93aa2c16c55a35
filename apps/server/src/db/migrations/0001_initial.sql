-- Facts about this installation that must survive restarts, such as which demo data it holds.
create table app_meta (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

-- Tells installations apart in logs and support requests.
insert into app_meta (key, value) values ('instance_id', gen_random_uuid()::text);
