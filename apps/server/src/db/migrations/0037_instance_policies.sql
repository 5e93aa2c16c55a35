-- Moderation of whole servers (federation, contract 1.2): a moderator silences or suspends another
-- server by its host. A suspended server's activities are refused and nothing is delivered to it;
-- a silenced one's members reach only their followers here. The federation code asks for a host's
-- policy on every incoming activity: one primary-key lookup (src/db/repositories/instances.ts).
-- Setting and lifting a policy are not in moderation_actions: its entries name a member, and an
-- instance is none; this row keeps who set the policy in force and when.
create table instance_policies (
  -- As users.host stores it: lower case, with its port when it has one.
  host text primary key check (host <> '' and host = lower(host)),
  policy text not null check (policy in ('silence', 'suspend')),
  reason text not null check (btrim(reason) <> ''),
  -- The moderator who set the policy in force; their account may be deleted since.
  set_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When the policy in force (or its reason) was last set.
  updated_at timestamptz not null default now()
);

-- Deleting a moderator's account looks their policies up here.
create index instance_policies_set_by_idx on instance_policies (set_by) where set_by is not null;
