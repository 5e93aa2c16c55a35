import { memberAcct, memberUrl } from '../../contract/member-address.js';
import type {
  Conversation,
  CurrentUser,
  Id,
  Notification,
  Post,
  Profile,
  SearchUser,
  SuggestedUser,
  UserSummary,
} from '../../models.js';
import { MOCK_PUBLIC_URL, notificationMessage } from '../builders.js';
import { fail } from '../errors.js';
import { postMediaOf } from '../media-details.js';
import { pollShape } from './polls.js';
import { messagePermissionOf, preferencesOf } from './preferences.js';
import type {
  ConversationRecord,
  MockData,
  NotificationRecord,
  PostRecord,
  UserRecord,
} from './records.js';

/** Turns the mock tables into the contract's shapes as one member (the viewer) sees them. */
export function createShapes(data: MockData, nowMs: () => number = Date.now) {
  const userById = (id: Id) => data.users.find((user) => user.id === id);
  // A row pointing at a missing member is a broken data set, as a foreign key would refuse it.
  const member = (id: Id) => {
    const user = userById(id);
    if (!user) throw fail('internal');
    return user;
  };
  const isFollowing = (follower: Id, followed: Id) =>
    data.follows.some((f) => f.follower_id === follower && f.followed_id === followed);
  // Counts shown to others leave suspended members out (Moderation 1.1: they leave every count).
  const active = (id: Id) => !userById(id)?.suspended_at;
  // Nor do a private member's replies and rewhisps count for who does not follow them (1.2).
  const readable = (viewerId: Id, authorId: Id) =>
    authorId === viewerId || !userById(authorId)?.is_private || isFollowing(viewerId, authorId);
  const countFollowers = (id: Id) =>
    data.follows.filter((f) => f.followed_id === id && active(f.follower_id)).length;
  const countFollowing = (id: Id) =>
    data.follows.filter((f) => f.follower_id === id && active(f.followed_id)).length;
  const authoredPosts = (id: Id) =>
    data.posts.filter((post) => post.author_id === id && !post.rewhisp_of_id);

  /** `acct` and `url` as the server makes them; a remote member's actor is where the server's is. */
  const addressOf = (user: UserRecord) => {
    const host = user.host ?? null;
    const member = {
      username: user.username,
      host,
      profile_url: null,
      actor_uri: host === null ? null : `https://${host}/users/${user.username}`,
    };
    return { acct: memberAcct(member), url: memberUrl(MOCK_PUBLIC_URL, member) };
  };

  const summary = (user: UserRecord): UserSummary => ({
    id: user.id,
    username: user.username,
    ...addressOf(user),
    display_name: user.display_name,
    avatar: user.avatar,
    is_verified: user.is_verified,
  });

  const currentUser = (user: UserRecord): CurrentUser => ({
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    // The store keeps '' for "none" (a provider member), where the server answers null.
    email: user.email || null,
    has_password: user.password !== '',
    bio: user.bio,
    profile_picture_url: user.avatar,
    profile_banner_url: user.banner,
    is_verified: user.is_verified,
    banner_position_x: user.banner_position_x,
    banner_position_y: user.banner_position_y,
    created_at: user.created_at,
    role: user.role ?? 'member',
    is_private: user.is_private,
    preferences: preferencesOf(user),
  });

  /** Whether `viewerId` waits for the private member `userId` to answer their follow request. */
  const isRequested = (viewerId: Id, userId: Id) =>
    data.followRequests.some((r) => r.requester_id === viewerId && r.target_id === userId);

  const profile = (user: UserRecord, viewerId: Id): Profile => {
    const {
      email: _email,
      has_password: _hasPassword,
      role: _role,
      preferences: _preferences,
      ...rest
    } = currentUser(user);
    return {
      ...rest,
      ...addressOf(user),
      followers_count: countFollowers(user.id),
      following_count: countFollowing(user.id),
      posts_count: authoredPosts(user.id).length,
      is_private: user.is_private,
      is_following: isFollowing(viewerId, user.id),
      is_requested: isRequested(viewerId, user.id),
      is_followed_by: isFollowing(user.id, viewerId),
      is_blocking: data.blocks.some((b) => b.blocker_id === viewerId && b.blocked_id === user.id),
      is_muting: data.mutes.some((m) => m.muter_id === viewerId && m.muted_id === user.id),
      message_permission: messagePermissionOf(data, user, viewerId),
    };
  };

  const suggested = (user: UserRecord, viewerId: Id): SuggestedUser => ({
    id: user.id,
    username: user.username,
    ...addressOf(user),
    display_name: user.display_name,
    avatar: user.avatar,
    verified: user.is_verified,
    bio: user.bio,
    followers_count: countFollowers(user.id),
    is_requested: isRequested(viewerId, user.id),
  });

  const searchUser = (user: UserRecord, viewerId: Id): SearchUser => ({
    ...summary(user),
    bio: user.bio,
    posts_count: authoredPosts(user.id).length,
    followers_count: countFollowers(user.id),
    is_following: isFollowing(viewerId, user.id),
  });

  const pollOf = (record: PostRecord, viewerId: Id) => {
    const poll = data.polls.find((candidate) => candidate.post_id === record.id);
    return poll ? pollShape(data, poll, viewerId, nowMs()) : null;
  };

  const post = (record: PostRecord, viewerId: Id): Post => {
    const original = record.rewhisp_of_id
      ? data.posts.find((candidate) => candidate.id === record.rewhisp_of_id)
      : undefined;
    return {
      id: record.id,
      author: summary(member(record.author_id)),
      content: record.content,
      created_at: record.created_at,
      updated_at: record.updated_at,
      media_urls: [...record.media_urls],
      media: record.media_urls.map((url, index) =>
        postMediaOf(url, record.media_alts[index] ?? null, data.mediaDetails[url]),
      ),
      hashtags: [...record.hashtags],
      mentions: [...record.mentions],
      reply_count: data.posts.filter(
        (p) =>
          p.reply_to_id === record.id && active(p.author_id) && readable(viewerId, p.author_id),
      ).length,
      rewhisp_count: data.posts.filter(
        (p) =>
          p.rewhisp_of_id === record.id && active(p.author_id) && readable(viewerId, p.author_id),
      ).length,
      like_count: data.likes.filter((like) => like.post_id === record.id && active(like.user_id))
        .length,
      is_liked: data.likes.some((l) => l.post_id === record.id && l.user_id === viewerId),
      is_rewhisped: data.posts.some(
        (p) => p.rewhisp_of_id === record.id && p.author_id === viewerId,
      ),
      is_bookmarked: data.bookmarks.some((b) => b.post_id === record.id && b.user_id === viewerId),
      is_reply: record.is_reply,
      reply_to_id: record.reply_to_id,
      // Originals are never rewhisps themselves: one level deep.
      rewhisp_of: original ? { ...post(original, viewerId), rewhisp_of: null } : null,
      reply_settings: { ...record.reply_settings },
      content_warning: record.content_warning ?? null,
      poll: pollOf(record, viewerId),
      edited_at: record.edited_at ?? null,
    };
  };

  const notification = (record: NotificationRecord): Notification => {
    const target = record.post_id ? data.posts.find((p) => p.id === record.post_id) : undefined;
    return {
      id: record.id,
      notification_type: record.type,
      is_read: record.is_read,
      created_at: record.created_at,
      actor: summary(member(record.actor_id)),
      message: record.message ?? notificationMessage(record.type),
      post: target ? { id: target.id, content: target.content } : null,
    };
  };

  const conversation = (record: ConversationRecord, viewerId: Id): Conversation => {
    const otherId =
      record.participant_one_id === viewerId
        ? record.participant_two_id
        : record.participant_one_id;
    const other = member(otherId);
    const messages = data.messages.filter((m) => m.conversation_id === record.id);
    const last = messages.at(-1);
    return {
      id: record.id,
      participant_one_id: record.participant_one_id,
      participant_two_id: record.participant_two_id,
      other_participant_id: other.id,
      other_participant_username: other.username,
      other_participant_display_name: other.display_name,
      other_participant_avatar_url: other.avatar,
      other_participant_message_permission: messagePermissionOf(data, other, viewerId),
      last_message: last?.content ?? null,
      last_message_at: last?.created_at ?? record.created_at,
      unread_count: messages.filter((m) => m.recipient_id === viewerId && !m.is_read).length,
    };
  };

  return {
    userById,
    member,
    isFollowing,
    summary,
    currentUser,
    profile,
    suggested,
    searchUser,
    post,
    notification,
    conversation,
  };
}

export type Shapes = ReturnType<typeof createShapes>;
