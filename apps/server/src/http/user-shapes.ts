import {
  type currentUserSchema,
  type MemberAddressParts,
  memberAcct,
  memberUrl,
  type profileSchema,
  type suggestedUserSchema,
  type userSummarySchema,
} from '@whisp/api-client/contract';
import type { z } from 'zod';
import { readPreferences } from '../db/repositories/preferences.js';
import type { ProfileRow, SuggestionRow, UserRow } from '../db/repositories/users.js';

// Rows to the contract's member shapes. What a shape holds is the contract's to say; where each
// field comes from is the server's. `publicUrl` (WHISP_PUBLIC_URL, app.publicUrl) makes a local
// member's `url` absolute; a remote member's comes from their row (memberAddressColumns).
type UserSummary = z.infer<typeof userSummarySchema>;
type CurrentUser = z.infer<typeof currentUserSchema>;
type Profile = z.infer<typeof profileSchema>;
type SuggestedUser = z.infer<typeof suggestedUserSchema>;

/** Stored file name → the server-relative URL clients prefix with the API host (api.md). */
export function mediaUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

export type SummaryRow = Pick<
  UserRow,
  'id' | 'username' | 'display_name' | 'avatar_key' | 'is_verified'
> &
  MemberAddressParts;

export function toUserSummary(row: SummaryRow, publicUrl: string): UserSummary {
  return {
    id: row.id,
    username: row.username,
    acct: memberAcct(row),
    url: memberUrl(publicUrl, row),
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
    has_password: row.has_password,
    bio: row.bio,
    profile_picture_url: mediaUrl(row.avatar_key),
    profile_banner_url: mediaUrl(row.banner_key),
    is_verified: row.is_verified,
    banner_position_x: row.banner_position_x,
    banner_position_y: row.banner_position_y,
    created_at: row.created_at.toISOString(),
    role: row.role,
    is_private: row.is_private,
    preferences: readPreferences(row.preferences),
  };
}

export function toProfile(row: ProfileRow, publicUrl: string): Profile {
  return {
    id: row.id,
    username: row.username,
    acct: memberAcct(row),
    url: memberUrl(publicUrl, row),
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
    is_requested: Boolean(row.is_requested),
    is_followed_by: Boolean(row.is_followed_by),
    is_blocking: Boolean(row.is_blocking),
    is_muting: Boolean(row.is_muting),
    message_permission: row.message_permission,
    created_at: row.created_at.toISOString(),
  };
}

export function toSuggestedUser(row: SuggestionRow, publicUrl: string): SuggestedUser {
  return {
    id: row.id,
    username: row.username,
    acct: memberAcct(row),
    url: memberUrl(publicUrl, row),
    display_name: row.display_name,
    avatar: mediaUrl(row.avatar_key),
    verified: row.is_verified,
    bio: row.bio,
    followers_count: Number(row.followers_count),
    is_requested: Boolean(row.is_requested),
  };
}
