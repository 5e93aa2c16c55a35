import {
  BANNER_POSITION_DEFAULT,
  BANNER_POSITION_MAX,
  BANNER_POSITION_MIN,
} from '../../contract/limits.js';
import {
  VALIDATION_MESSAGES,
  validateBio,
  validateDisplayName,
  validateLoginPassword,
  validateRegistration,
} from '../../contract/validation.js';
import type { Id, ProfileTab } from '../../models.js';
import { forbidden, invalid, MOCK_MESSAGES, MockError, notFound } from '../errors.js';
import { newestFirst, type StoreContext, slice } from './context.js';
import type { PostRecord, UserRecord } from './records.js';

export interface MockRegistration {
  email?: string;
  password?: string;
  username?: string;
  display_name?: string;
  displayName?: string;
  bio?: string | null;
}

const clamp = (value: number) =>
  Math.min(
    BANNER_POSITION_MAX,
    Math.max(BANNER_POSITION_MIN, Number.isFinite(value) ? value : BANNER_POSITION_DEFAULT),
  );

/** Sign-up, sign-in, profiles and follows. */
export function createPeopleOperations(ctx: StoreContext) {
  const startSession = (user: UserRecord) => {
    const token = `mock-token-${ctx.newId('session')}`;
    ctx.data.sessions[token] = user.id;
    return { token, user: ctx.shapes.currentUser(user) };
  };
  const findUser = (id: Id) => {
    const user = ctx.shapes.userById(id);
    if (!user) throw notFound('USER_NOT_FOUND', MOCK_MESSAGES.userNotFound);
    return user;
  };

  const otherMember = (viewer: UserRecord, id: Id, action: 'follow' | 'unfollow') => {
    const user = findUser(id);
    if (user.id === viewer.id) {
      throw new MockError(400, 'CANNOT_FOLLOW_YOURSELF', `You cannot ${action} yourself`);
    }
    return user;
  };

  return {
    register(input: MockRegistration) {
      const fields = {
        email: input.email?.trim(),
        password: input.password,
        username: input.username?.trim(),
        display_name: (input.display_name ?? input.displayName)?.trim(),
        bio: input.bio?.trim() || null,
      };
      const problems = Object.entries(validateRegistration(fields)).map(([field, message]) => ({
        field,
        message: message as string,
      }));
      if (problems[0]) throw invalid(problems[0].message, problems);
      const { email = '', password = '', username = '', display_name = '' } = fields;
      const lower = (value: string) => value.toLowerCase();
      if (ctx.data.users.some((u) => lower(u.username) === lower(username))) {
        throw new MockError(409, 'USERNAME_TAKEN', MOCK_MESSAGES.usernameTaken);
      }
      if (ctx.data.users.some((u) => lower(u.email) === lower(email))) {
        throw new MockError(409, 'EMAIL_TAKEN', MOCK_MESSAGES.emailTaken);
      }
      const user: UserRecord = {
        id: ctx.newId('user'),
        username,
        display_name,
        email,
        password,
        bio: fields.bio,
        avatar: null,
        banner: null,
        banner_position_x: BANNER_POSITION_DEFAULT,
        banner_position_y: BANNER_POSITION_DEFAULT,
        is_verified: false,
        is_private: false,
        created_at: ctx.now(),
      };
      ctx.data.users.push(user);
      return startSession(user);
    },

    login(input: { email?: string; password?: string }) {
      const problems = [
        ['email', input.email?.trim() ? undefined : VALIDATION_MESSAGES.emailRequired],
        ['password', validateLoginPassword(input.password)],
      ]
        .filter(([, message]) => message)
        .map(([field, message]) => ({ field: field as string, message: message as string }));
      if (problems[0]) throw invalid(problems[0].message, problems);
      const user = ctx.data.users.find(
        (u) =>
          u.email.toLowerCase() === input.email?.toLowerCase() && u.password === input.password,
      );
      if (!user) throw new MockError(401, 'INVALID_CREDENTIALS', MOCK_MESSAGES.invalidCredentials);
      return startSession(user);
    },

    logout(token: string) {
      delete ctx.data.sessions[token];
    },

    updateMe(viewer: UserRecord, update: { bio?: string | null; display_name?: string }) {
      const problems = [
        { field: 'bio', message: validateBio(update.bio) },
        {
          field: 'display_name',
          message:
            update.display_name === undefined
              ? undefined
              : validateDisplayName(update.display_name),
        },
      ].filter((problem): problem is { field: string; message: string } => !!problem.message);
      if (problems[0]) throw invalid(problems[0].message, problems);
      // An emptied bio is no bio.
      if (update.bio !== undefined) viewer.bio = update.bio?.trim() || null;
      if (update.display_name !== undefined) viewer.display_name = update.display_name.trim();
      return ctx.shapes.currentUser(viewer);
    },

    setImage(viewer: UserRecord, field: 'avatar' | 'banner', url: string) {
      viewer[field] = url;
      return ctx.shapes.currentUser(viewer);
    },

    setBannerPosition(viewer: UserRecord, x: number, y: number) {
      viewer.banner_position_x = clamp(x);
      viewer.banner_position_y = clamp(y);
      return ctx.shapes.currentUser(viewer);
    },

    suggested(viewer: UserRecord, limit: number) {
      return ctx.data.users
        .filter((u) => u.id !== viewer.id && !ctx.shapes.isFollowing(viewer.id, u.id))
        .slice(0, limit)
        .map(ctx.shapes.suggested);
    },

    profileByUsername(viewer: UserRecord, username: string) {
      const user = ctx.data.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
      if (!user) throw notFound('USER_NOT_FOUND', MOCK_MESSAGES.userNotFound);
      return ctx.shapes.profile(user, viewer.id);
    },

    profileById(viewer: UserRecord, id: Id) {
      return ctx.shapes.profile(findUser(id), viewer.id);
    },

    profilePosts(viewer: UserRecord, id: Id, tab: ProfileTab, limit: number, offset: number) {
      const user = findUser(id);
      if ((tab === 'likes' || tab === 'bookmarks') && user.id !== viewer.id) {
        throw forbidden('PRIVATE_TAB', MOCK_MESSAGES.privateTab);
      }
      const posts = ctx.data.posts;
      const byId = (postId: Id) => posts.find((p) => p.id === postId);
      const lists: Record<ProfileTab, (PostRecord | undefined)[]> = {
        posts: posts.filter((p) => p.author_id === id && !p.rewhisp_of_id && !p.reply_to_id),
        media: posts.filter((p) => p.author_id === id && !p.rewhisp_of_id && p.media_urls.length),
        rewhisps: posts.filter((p) => p.author_id === id && p.rewhisp_of_id),
        likes: [...ctx.data.likes]
          .filter((l) => l.user_id === id)
          .sort(newestFirst)
          .map((l) => byId(l.post_id)),
        bookmarks: [...ctx.data.bookmarks]
          .filter((b) => b.user_id === id)
          .sort(newestFirst)
          .map((b) => byId(b.post_id)),
      };
      const selected = lists[tab].filter((p): p is PostRecord => p !== undefined);
      const ordered =
        tab === 'likes' || tab === 'bookmarks' ? selected : selected.sort(newestFirst);
      const { page, has_more } = slice(ordered, offset, limit);
      return { posts: page.map((p) => ctx.shapes.post(p, viewer.id)), has_more };
    },

    follow(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'follow');
      if (!ctx.shapes.isFollowing(viewer.id, id)) {
        ctx.data.follows.push({ follower_id: viewer.id, followed_id: id, created_at: ctx.now() });
        ctx.notify(id, viewer.id, 'follow', null);
      }
      return ctx.shapes.profile(user, viewer.id);
    },

    unfollow(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'unfollow');
      ctx.data.follows = ctx.data.follows.filter(
        (f) => !(f.follower_id === viewer.id && f.followed_id === id),
      );
      ctx.withdraw(viewer.id, 'follow', { userId: id });
      return ctx.shapes.profile(user, viewer.id);
    },

    followList(id: Id, which: 'followers' | 'following', limit: number, offset: number) {
      findUser(id);
      const ids = ctx.data.follows
        .filter((f) => (which === 'followers' ? f.followed_id === id : f.follower_id === id))
        .sort(newestFirst)
        .map((f) => (which === 'followers' ? f.follower_id : f.followed_id));
      const { page, has_more } = slice(ids, offset, limit);
      return { users: page.map((userId) => ctx.shapes.summary(findUser(userId))), has_more };
    },
  };
}
