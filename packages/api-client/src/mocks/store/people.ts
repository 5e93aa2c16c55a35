import type { ProfileTab } from '../../contract/choices.js';
import { BANNER_POSITION_DEFAULT } from '../../contract/limits.js';
import { parseAcct } from '../../contract/member-address.js';
import { profileTabRefusal } from '../../contract/rules.js';
import { isReservedUsername, normaliseUsername } from '../../contract/validation.js';
import type { Id } from '../../models.js';
import { fail, MockError } from '../errors.js';
import { compareText, newestFirst, type StoreContext, slice } from './context.js';
import { createFollowRequestRules } from './privacy.js';
import type { PostRecord, UserRecord } from './records.js';
import { startSession as startSessionFor } from './sessions.js';
import { blockedBetween, visibilityFor } from './visibility.js';

/** A sign-up as the request schema leaves it (every account rule already checked). */
export interface MockRegistration {
  email?: string;
  password?: string;
  username?: string;
  display_name?: string;
  bio?: string | null;
}

/** Sign-up, sign-in, profiles and follows. */
export function createPeopleOperations(ctx: StoreContext) {
  const startSession = (user: UserRecord) => startSessionFor(ctx, user);
  const findUser = (id: Id) => {
    const user = ctx.shapes.userById(id);
    if (!user) throw fail('userNotFound');
    return user;
  };
  /** A member as the viewer may see them: blocked either way or suspended is "not found". */
  const visibleUser = (viewer: UserRecord, user: UserRecord | undefined) => {
    if (!user || visibilityFor(ctx.data, viewer.id).hides(user.id)) throw fail('userNotFound');
    return user;
  };
  const otherMember = (viewer: UserRecord, id: Id, action: 'follow' | 'unfollow') => {
    const user = findUser(id);
    if (user.suspended_at) throw fail('userNotFound');
    if (user.id === viewer.id) throw fail('cannotFollowYourself', action);
    if (action === 'follow' && blockedBetween(ctx.data, viewer.id, user.id)) throw fail('blocked');
    return user;
  };
  const followersOf = (id: Id) =>
    ctx.data.follows.filter(
      (f) => f.followed_id === id && !ctx.shapes.userById(f.follower_id)?.suspended_at,
    ).length;
  const lower = (value: string) => value.toLowerCase();
  const { requestFollow, withdrawRequest, setPrivate } = createFollowRequestRules(ctx);

  return {
    register(input: MockRegistration) {
      const email = (input.email ?? '').trim();
      const username = normaliseUsername(input.username);
      // As the server: before the taken check, so a reserved name someone holds stays reserved.
      if (isReservedUsername(username)) throw fail('usernameReserved');
      // A remote member's username is theirs on their own server only, as on the server.
      if (ctx.data.users.some((u) => !u.host && lower(u.username) === lower(username))) {
        throw fail('usernameTaken');
      }
      if (ctx.data.users.some((u) => lower(u.email) === lower(email))) throw fail('emailTaken');
      const user: UserRecord = {
        id: ctx.newId('user'),
        username,
        display_name: (input.display_name ?? '').trim(),
        email,
        password: input.password ?? '',
        bio: input.bio?.trim() || null,
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
      const email = lower((input.email ?? '').trim());
      const user = ctx.data.users.find(
        (u) => lower(u.email) === email && u.password === input.password,
      );
      if (!user) throw fail('invalidCredentials');
      // Only once the password is right: nobody learns that an account is suspended without it.
      if (user.suspended_at) throw fail('accountSuspended');
      return startSession(user);
    },

    /** Ends these sessions of the member (a token of someone else's session is left alone). */
    logout(viewer: UserRecord, tokens: string[]) {
      for (const token of tokens) {
        if (ctx.data.sessions[token] === viewer.id) delete ctx.data.sessions[token];
      }
    },

    updateMe(
      viewer: UserRecord,
      update: { bio?: string | null; display_name?: string; is_private?: boolean | undefined },
    ) {
      if (update.is_private !== undefined) setPrivate(viewer, update.is_private);
      // An emptied bio is no bio.
      if (update.bio !== undefined) viewer.bio = update.bio?.trim() || null;
      if (update.display_name !== undefined) viewer.display_name = update.display_name.trim();
      return ctx.shapes.currentUser(viewer);
    },

    setImage(viewer: UserRecord, field: 'avatar' | 'banner', url: string) {
      viewer[field] = url;
      return ctx.shapes.currentUser(viewer);
    },

    /** Already clamped by the request schema; an absent coordinate stays as it was. */
    setBannerPosition(viewer: UserRecord, x: number | undefined, y: number | undefined) {
      if (x !== undefined) viewer.banner_position_x = x;
      if (y !== undefined) viewer.banner_position_y = y;
      return ctx.shapes.currentUser(viewer);
    },

    /**
     * Never the viewer or someone they follow; first those followed by the people the viewer
     * follows, then the most followed, then the newest.
     */
    suggested(viewer: UserRecord, limit: number) {
      const followed = new Set(
        ctx.data.follows.filter((f) => f.follower_id === viewer.id).map((f) => f.followed_id),
      );
      const mutual = (id: Id) =>
        ctx.data.follows.filter((f) => f.followed_id === id && followed.has(f.follower_id)).length;
      const visible = visibilityFor(ctx.data, viewer.id);
      return ctx.data.users
        .filter(
          (u) =>
            u.id !== viewer.id &&
            !followed.has(u.id) &&
            !visible.hides(u.id) &&
            !visible.mutes(u.id),
        )
        .map((user) => ({ user, mutual: mutual(user.id), followers: followersOf(user.id) }))
        .sort(
          (a, b) =>
            b.mutual - a.mutual ||
            b.followers - a.followers ||
            compareText(b.user.created_at, a.user.created_at) ||
            compareText(a.user.id, b.user.id),
        )
        .slice(0, limit)
        .map(({ user }) => ctx.shapes.suggested(user, viewer.id));
    },

    /** By `username` (a member of this server) or `username@host` (a remote one), as the server. */
    profileByUsername(viewer: UserRecord, username: string) {
      const acct = parseAcct(username);
      const user = acct
        ? ctx.data.users.find(
            (u) => (u.host ?? null) === acct.host && lower(u.username) === lower(acct.username),
          )
        : undefined;
      return ctx.shapes.profile(visibleUser(viewer, user), viewer.id);
    },

    profileById(viewer: UserRecord, id: Id) {
      return ctx.shapes.profile(visibleUser(viewer, ctx.shapes.userById(id)), viewer.id);
    },

    profilePosts(viewer: UserRecord, id: Id, tab: ProfileTab, limit: number, offset: number) {
      const user = visibleUser(viewer, ctx.shapes.userById(id));
      const visible = visibilityFor(ctx.data, viewer.id);
      if (visible.protects(user.id)) throw fail('privateAccount');
      const refusal = profileTabRefusal(tab, user.id, viewer.id);
      if (refusal) throw MockError.from(refusal);
      const posts = ctx.data.posts;
      const byId = (postId: Id) => posts.find((p) => p.id === postId);
      const made = (rows: { user_id: Id; post_id: Id; created_at: string }[]) =>
        rows
          .filter((row) => row.user_id === id)
          .sort(
            (a, b) => compareText(b.created_at, a.created_at) || compareText(b.post_id, a.post_id),
          )
          .map((row) => byId(row.post_id));
      const own = posts.filter((p) => p.author_id === id);
      const lists: Record<ProfileTab, (PostRecord | undefined)[]> = {
        posts: own.filter((p) => !p.is_reply && !p.rewhisp_of_id).sort(newestFirst),
        media: own.filter((p) => !p.rewhisp_of_id && p.media_urls.length > 0).sort(newestFirst),
        rewhisps: own.filter((p) => p.rewhisp_of_id).sort(newestFirst),
        likes: made(ctx.data.likes),
        bookmarks: made(ctx.data.bookmarks),
      };
      const listed = lists[tab].filter((p): p is PostRecord => p !== undefined && visible.shows(p));
      const { page, has_more } = slice(listed, offset, limit);
      return { posts: page.map((p) => ctx.shapes.post(p, viewer.id)), has_more };
    },

    follow(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'follow');
      if (requestFollow(viewer, user)) {
        return { user, is_following: false, is_requested: true, followers_count: followersOf(id) };
      }
      if (!ctx.shapes.isFollowing(viewer.id, id)) {
        ctx.data.follows.push({ follower_id: viewer.id, followed_id: id, created_at: ctx.now() });
        ctx.notify(id, viewer.id, 'follow', null);
      }
      return { user, is_following: true, is_requested: false, followers_count: followersOf(id) };
    },

    unfollow(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'unfollow');
      ctx.data.follows = ctx.data.follows.filter(
        (f) => !(f.follower_id === viewer.id && f.followed_id === id),
      );
      ctx.withdraw(viewer.id, 'follow', { userId: id });
      withdrawRequest(viewer.id, id);
      return { user, is_following: false, is_requested: false, followers_count: followersOf(id) };
    },

    /** Who follows a member or whom they follow, the most recent follow first. */
    followList(
      viewer: UserRecord,
      id: Id,
      which: 'followers' | 'following',
      limit: number,
      offset: number,
    ) {
      visibleUser(viewer, ctx.shapes.userById(id));
      const visible = visibilityFor(ctx.data, viewer.id);
      if (visible.protects(id)) throw fail('privateAccount');
      const ids = ctx.data.follows
        .filter((f) => (which === 'followers' ? f.followed_id === id : f.follower_id === id))
        .map((f) => ({
          created_at: f.created_at,
          id: which === 'followers' ? f.follower_id : f.followed_id,
        }))
        .filter((row) => !visible.hides(row.id))
        .sort((a, b) => compareText(b.created_at, a.created_at) || compareText(a.id, b.id))
        .map((row) => row.id);
      const { page, has_more } = slice(ids, offset, limit);
      return { users: page.map((userId) => ctx.shapes.summary(findUser(userId))), has_more };
    },
  };
}
