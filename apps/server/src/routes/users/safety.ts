import {
  AUTHENTICATED_ERRORS,
  blockResponse,
  errorResponses,
  mutedWordBodySchema,
  mutedWordListResponse,
  mutedWordParams,
  mutedWordRemovedResponse,
  mutedWordResponse,
  muteResponse,
  safetyMemberListResponse,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyMutedWordsError } from '../../db/repositories/safety.js';
import { apiError } from '../../http/api-error.js';
import { toUserSummary } from '../../http/user-shapes.js';
import { type MemberAction, memberToActOn } from '../../members/acting-on-members.js';

type Action = Exclude<MemberAction, 'follow' | 'unfollow'>;

const toMutedWord = (row: { id: string; word: string; created_at: Date }) => ({
  id: row.id,
  word: row.word,
  created_at: row.created_at.toISOString(),
});

/** Safety (api.md 1.1): block, mute, their lists, and muted words. */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { safety } = app.repositories;

  /** Another member who exists for the viewer: unknown or suspended is a 404, yourself a 400. */
  async function otherMember(viewerId: string, id: string, action: Action) {
    const outcome = await memberToActOn(app.repositories, viewerId, id, action);
    if ('member' in outcome) return outcome.member;
    if (outcome.refused === 'yourself') throw apiError('cannotBlockYourself', action);
    throw apiError('userNotFound');
  }

  const actions: { action: Action; summary: string }[] = [
    {
      action: 'block',
      summary: 'Block a member: neither sees the other, and the follows both ways end',
    },
    { action: 'unblock', summary: 'Unblock a member (the follows the block ended stay ended)' },
    { action: 'mute', summary: 'Mute a member: their whisps leave your feeds and notifications' },
    { action: 'unmute', summary: 'Unmute a member' },
  ];
  for (const { action, summary } of actions) {
    const blocking = action === 'block' || action === 'unblock';
    app.post(
      `/:id/${action}`,
      {
        schema: {
          summary,
          params: userIdParams,
          response: {
            200: blocking ? blockResponse : muteResponse,
            ...errorResponses(...AUTHENTICATED_ERRORS, 404),
          },
        },
      },
      async (request) => {
        const viewerId = request.member.id;
        const member = await otherMember(viewerId, request.params.id, action);
        await safety[action](viewerId, member.id);
        const on = action === 'block' || action === 'mute';
        return {
          success: true as const,
          data: blocking ? { is_blocking: on } : { is_muting: on },
        } as never;
      },
    );
  }

  app.get(
    '/me/blocks',
    {
      schema: {
        summary: 'The members you block, most recently blocked first',
        response: { 200: safetyMemberListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await safety.blockedMembers(request.member.id)).map((row) =>
        toUserSummary(row, app.publicUrl),
      ),
    }),
  );

  app.get(
    '/me/mutes',
    {
      schema: {
        summary: 'The members you mute, most recently muted first',
        response: { 200: safetyMemberListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await safety.mutedMembers(request.member.id)).map((row) =>
        toUserSummary(row, app.publicUrl),
      ),
    }),
  );

  app.get(
    '/me/muted-words',
    {
      schema: {
        summary: 'Your muted words, most recently added first',
        response: { 200: mutedWordListResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await safety.mutedWords(request.member.id)).map(toMutedWord),
    }),
  );

  app.post(
    '/me/muted-words',
    {
      schema: {
        summary:
          'Mute a word or phrase (whole words, any case) or a #hashtag: 201, or 200 with the one kept when already muted',
        body: mutedWordBodySchema,
        response: {
          200: mutedWordResponse,
          201: mutedWordResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      try {
        const { word, created } = await safety.addMutedWord(request.member.id, request.body.word);
        return reply.code(created ? 201 : 200).send({ success: true, data: toMutedWord(word) });
      } catch (error) {
        if (error instanceof TooManyMutedWordsError) throw apiError('tooManyMutedWords');
        throw error;
      }
    },
  );

  app.delete(
    '/me/muted-words/:id',
    {
      schema: {
        summary: 'Unmute a word (404 for one that is not yours)',
        params: mutedWordParams,
        response: {
          200: mutedWordRemovedResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      if (!(await safety.removeMutedWord(request.member.id, request.params.id))) {
        throw apiError('mutedWordNotFound');
      }
      return { success: true as const, message: 'Word unmuted' };
    },
  );
};
