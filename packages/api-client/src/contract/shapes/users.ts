import { z } from 'zod';
import { MESSAGE_PERMISSIONS, ROLES } from '../choices.js';
import { preferencesSchema } from './preferences.js';

// Members as the API shows them. Media URLs are server-relative (`/media/…`); the client prefixes
// the API host.

/**
 * How a member is addressed, in every shape that shows one (Federation 1.2): members of other
 * servers are members here too, and their bare `username` is not unique.
 */
const memberAddressFields = {
  /** `username` for a member of this server, `username@host` for a member of another server. */
  acct: z.string(),
  /**
   * Their profile page, absolute: this server's `/user/{username}` for its own members, the page
   * on their own server for a remote member.
   */
  url: z.string(),
};

/** A member wherever another record names one: a whisp's author, a notification's actor. */
export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  ...memberAddressFields,
  display_name: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
});

/** The signed-in member: the only shape that carries an email, and only to its owner. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  /**
   * Null for a member who signed up with a provider that did not say their address is verified
   * (Sign in with another account 1.2): an unverified address is never stored.
   */
  email: z.string().nullable(),
  /**
   * False for a member who signed up with a provider and set no password: they confirm a deletion
   * with their username and set a password without a current one.
   */
  has_password: z.boolean(),
  bio: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  profile_banner_url: z.string().nullable(),
  is_verified: z.boolean(),
  banner_position_x: z.number(),
  banner_position_y: z.number(),
  created_at: z.string(),
  /** What they may do: moderators work the report queue, admins also set roles. */
  role: z.enum(ROLES),
  /** Whether only accepted followers read their whisps (Privacy and preferences 1.2). */
  is_private: z.boolean(),
  /** Read with the member, so no screen needs a request of its own for them. */
  preferences: preferencesSchema,
});

/** A member's profile page, with counts and the viewer's relation to them. */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  ...memberAddressFields,
  display_name: z.string(),
  bio: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  profile_banner_url: z.string().nullable(),
  banner_position_x: z.number(),
  banner_position_y: z.number(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  posts_count: z.number().int(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
  is_following: z.boolean(),
  is_followed_by: z.boolean(),
  /** The viewer asked to follow this private member and awaits their answer. */
  is_requested: z.boolean(),
  /** The viewer's own choices (Safety 1.1); nobody learns who blocked or muted them. */
  is_blocking: z.boolean(),
  is_muting: z.boolean(),
  /** Whether the viewer may write to them, or the setting that refuses them (1.2). */
  message_permission: z.enum(MESSAGE_PERMISSIONS),
  created_at: z.string(),
});

/** "Who to follow": `verified`, not `is_verified`, as the product spec names it. */
export const suggestedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  ...memberAddressFields,
  display_name: z.string(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  bio: z.string().nullable(),
  followers_count: z.number().int(),
  /**
   * The viewer asked to follow this private member and awaits their answer, so the button reads
   * Requested (suggestions leave out whom the viewer follows, not whom they asked to).
   */
  is_requested: z.boolean(),
});

/** A member in search results. */
export const searchUserSchema = userSummarySchema.extend({
  bio: z.string().nullable(),
  posts_count: z.number().int(),
  followers_count: z.number().int(),
  is_following: z.boolean(),
});
