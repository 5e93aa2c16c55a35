-- Privacy and preferences (1.2): a member's switches, kept on the server so they hold on every
-- device and travel in the export.

-- Only what the member changed is stored; each key missing reads as its default
-- (DEFAULT_PREFERENCES in the contract), so a switch added later starts at its default for
-- everyone without rewriting this table. It is read with the member at sign-in.
alter table users add column preferences jsonb not null default '{}'::jsonb
  check (jsonb_typeof(preferences) = 'object');

-- A message read while its reader had read receipts off: read for them (their unread counts
-- drop), still unread as its sender sees it, even after they turn receipts back on.
alter table messages add column read_privately boolean not null default false;
