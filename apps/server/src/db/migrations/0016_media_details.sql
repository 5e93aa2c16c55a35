-- Image details (Composer 1.2): what a whisp's media[] tells about each upload besides its URL.
-- They belong to the upload (one file a member uploaded), so they live on its post_media row;
-- uploads recorded before this migration keep nulls, and media[] answers null for them.

-- An animated GIF or WebP kept its frames (stored as an animated WebP): media[].kind "animated".
alter table post_media add column animated boolean not null default false;
-- The stored picture's pixels (each frame's, for an animation); null for a video.
alter table post_media add column width integer check (width > 0);
alter table post_media add column height integer check (height > 0);
-- A smaller still WebP stored beside the file under its own content-hash key; null for a video.
alter table post_media add column preview_key text;
-- A blurred stand-in painted while the picture loads (https://blurha.sh); null for a video.
alter table post_media add column blurhash text;

-- A preview is a stored file too: before a file is removed, whether any upload still names it
-- as its preview is looked up by this (account-data/media-files.ts).
create index post_media_preview_key_idx on post_media (preview_key) where preview_key is not null;
