-- Remote media (federation, issue 35): pictures and videos of remote whisps, and remote members'
-- avatars and banners, are downloaded into this server's media and recorded as uploads are
-- (post_media under the remote author, users.avatar_key and banner_key). Where each file came
-- from is kept, so that it is downloaded again only when the other server names another one.

alter table users
  -- The URL of the actor's `icon` and `image` their current avatar_key and banner_key were made
  -- from; null for local members, and for a remote member whose server names none.
  add column remote_avatar_url text,
  add column remote_banner_url text;

alter table post_media
  -- The attachment URL a remote whisp's file was downloaded from (null for uploads): an edit of
  -- the whisp that names the same URL again reuses the file.
  add column remote_url text;
