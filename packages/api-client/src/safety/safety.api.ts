import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import type { Id, MutedWord, UserSummary } from '../models.js';

export interface BlockState {
  is_blocking: boolean;
}

export interface MuteState {
  is_muting: boolean;
}

/**
 * Safety (api.md 1.1): block and mute members, list them, and mute words. Blocking works both
 * ways and removes follows both ways; muting is one-way and unseen by the muted member.
 */
export function createSafetyApi({ request, media }: ApiContext) {
  const member = (id: Id) => `/api/users/${encodeURIComponent(id)}`;

  return {
    /** POST /api/users/{id}/block: idempotent; blocking yourself is a 400. */
    block: async (id: Id) =>
      (await request<DataBody<BlockState>>(`${member(id)}/block`, { method: 'POST' })).data,

    /** POST /api/users/{id}/unblock: restores visibility, not the follows the block removed. */
    unblock: async (id: Id) =>
      (await request<DataBody<BlockState>>(`${member(id)}/unblock`, { method: 'POST' })).data,

    /** POST /api/users/{id}/mute: idempotent; the muted member notices nothing. */
    mute: async (id: Id) =>
      (await request<DataBody<MuteState>>(`${member(id)}/mute`, { method: 'POST' })).data,

    /** POST /api/users/{id}/unmute. */
    unmute: async (id: Id) =>
      (await request<DataBody<MuteState>>(`${member(id)}/unmute`, { method: 'POST' })).data,

    /** GET /api/users/me/blocks: the members you block, most recently blocked first. */
    blocks: async (signal?: AbortSignal) =>
      (await request<DataBody<UserSummary[]>>('/api/users/me/blocks', { signal })).data.map(
        media.user,
      ),

    /** GET /api/users/me/mutes: the members you mute, most recently muted first. */
    mutes: async (signal?: AbortSignal) =>
      (await request<DataBody<UserSummary[]>>('/api/users/me/mutes', { signal })).data.map(
        media.user,
      ),

    /** GET /api/users/me/muted-words: most recently added first. */
    mutedWords: async (signal?: AbortSignal) =>
      (await request<DataBody<MutedWord[]>>('/api/users/me/muted-words', { signal })).data,

    /**
     * POST /api/users/me/muted-words: 1–100 characters, `#tag` mutes the hashtag. Muting a word
     * already muted (in any case) gives back the one kept.
     */
    addMutedWord: async (word: string) =>
      (
        await request<DataBody<MutedWord>>('/api/users/me/muted-words', {
          method: 'POST',
          body: { word },
        })
      ).data,

    /** DELETE /api/users/me/muted-words/{id}: 404 for an id that is not yours. */
    removeMutedWord: async (id: Id) => {
      await request<MessageBody>(`/api/users/me/muted-words/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
    },
  };
}

export type SafetyApi = ReturnType<typeof createSafetyApi>;
