import { z } from 'zod';
import type { ProfileRow, SuggestionRow, UserRow } from '../db/repositories/users.js';

// The shapes of api.md, "Shapes". The client's types (@whisp/api-client models.ts) cannot be
// imported here: the package root pulls in browser types, and models.ts has no subpath export.

/** Stored file name → the server-relative URL clients prefix with the API host (api.md). */
export function mediaUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
});

export type UserSummary = z.infer<typeof userSummarySchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  profile_banner_url: z.string().nullable(),
  is_verified: z.boolean(),
  banner_position_x: z.number(),
  banner_position_y: z.number(),
  created_at: z.string(),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
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
  created_at: z.string(),
});

export type Profile = z.infer<typeof profileSchema>;

export const suggestedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  bio: z.string().nullable(),
  followers_count: z.number().int(),
});

export type SuggestedUser = z.infer<typeof suggestedUserSchema>;

type SummaryRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar_key' | 'is_verified'>;

export function toUserSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: mediaUrl(row.avatar_key),
    is_verified: row.is_verified,
  };
}

/** The only shape that carries an email: it goes to its owner alone. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    email: row.email,
    bio: row.bio,
    profile_picture_url: mediaUrl(row.avatar_key),
    profile_banner_url: mediaUrl(row.banner_key),
    is_verified: row.is_verified,
    banner_position_x: row.banner_position_x,
    banner_position_y: row.banner_position_y,
    created_at: row.created_at.toISOString(),
  };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    bio: row.bio,
    profile_picture_url: mediaUrl(row.avatar_key),
    profile_banner_url: mediaUrl(row.banner_key),
    banner_position_x: row.banner_position_x,
    banner_position_y: row.banner_position_y,
    followers_count: Number(row.followers_count),
    following_count: Number(row.following_count),
    posts_count: Number(row.posts_count),
    is_verified: row.is_verified,
    is_private: row.is_private,
    is_following: Boolean(row.is_following),
    is_followed_by: Boolean(row.is_followed_by),
    created_at: row.created_at.toISOString(),
  };
}

export function toSuggestedUser(row: SuggestionRow): SuggestedUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: mediaUrl(row.avatar_key),
    verified: row.is_verified,
    bio: row.bio,
    followers_count: Number(row.followers_count),
  };
}
