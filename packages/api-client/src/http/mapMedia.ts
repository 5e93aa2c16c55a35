import type {
  Bookmark,
  Conversation,
  CurrentUser,
  Notification,
  Post,
  PostMedia,
  Profile,
  ScheduledWhisp,
  SearchUser,
  SuggestedUser,
  UserSummary,
} from '../models.js';
import { resolveMediaUrl } from './mediaUrl.js';

/**
 * Puts the API host in front of every server-relative media path of a response, so a page served
 * from another origin (an embedding app, Storybook) can show the images as they come.
 */
export interface MediaMapper {
  url(url: string | null | undefined): string | null;
  /** The reverse: what the server stored, for media URLs a caller sends back (`media_urls`). */
  toServerPath(url: string): string;
  user(user: UserSummary): UserSummary;
  currentUser(user: CurrentUser): CurrentUser;
  profile(profile: Profile): Profile;
  suggested(user: SuggestedUser): SuggestedUser;
  searchUser(user: SearchUser): SearchUser;
  post(post: Post): Post;
  scheduledWhisp(whisp: ScheduledWhisp): ScheduledWhisp;
  bookmark(bookmark: Bookmark): Bookmark;
  notification(notification: Notification): Notification;
  conversation(conversation: Conversation): Conversation;
}

export function createMediaMapper(baseUrl: string): MediaMapper {
  const base = baseUrl.replace(/\/+$/, '');
  const url = (value: string | null | undefined) => resolveMediaUrl(base, value);
  const attachment = (media: PostMedia): PostMedia => ({
    ...media,
    url: resolveMediaUrl(base, media.url),
    // Absent in answers of servers older than 1.2: left as it came rather than made up.
    ...(media.preview_url !== undefined ? { preview_url: url(media.preview_url) } : {}),
  });
  const mapper: MediaMapper = {
    url,
    toServerPath: (value) =>
      base && value.startsWith(`${base}/`) ? value.slice(base.length) : value,
    user: (user) => ({ ...user, avatar: url(user.avatar) }),
    currentUser: (user) => ({
      ...user,
      profile_picture_url: url(user.profile_picture_url),
      profile_banner_url: url(user.profile_banner_url),
    }),
    profile: (profile) => ({
      ...profile,
      profile_picture_url: url(profile.profile_picture_url),
      profile_banner_url: url(profile.profile_banner_url),
    }),
    suggested: (user) => ({ ...user, avatar: url(user.avatar) }),
    searchUser: (user) => ({ ...user, avatar: url(user.avatar) }),
    post: (post) => ({
      ...post,
      author: mapper.user(post.author),
      media_urls: post.media_urls.map((media) => resolveMediaUrl(base, media)),
      media: post.media.map(attachment),
      rewhisp_of: post.rewhisp_of ? mapper.post(post.rewhisp_of) : null,
    }),
    scheduledWhisp: (whisp) => ({ ...whisp, media: whisp.media.map(attachment) }),
    bookmark: (bookmark) => ({ ...bookmark, post: mapper.post(bookmark.post) }),
    notification: (notification) => ({ ...notification, actor: mapper.user(notification.actor) }),
    conversation: (conversation) => ({
      ...conversation,
      other_participant_avatar_url: url(conversation.other_participant_avatar_url),
    }),
  };
  return mapper;
}
