-- Sessions that have ended (expired, or signed out) are deleted by a sweep every hour
-- (plugins/session-sweep.ts); without these it would read every live session to find them.
create index sessions_expires_at_idx on sessions (expires_at);
create index sessions_revoked_idx on sessions (revoked_at) where revoked_at is not null;
