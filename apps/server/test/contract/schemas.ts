import {
  accountConfirmationResponse,
  accountExportResponse,
  acknowledgedResponse,
  bannerPositionResponse,
  blockResponse,
  bookmarkStateResponse,
  bookmarksResponse,
  confirmationResponse,
  conversationListResponse,
  conversationResponse,
  createdPostResponse,
  currentUserResponse,
  deleteAccountResponse,
  directMessageResponse,
  errorBodySchema,
  feedResponse,
  followRequestDecisionResponse,
  followRequestsResponse,
  followResponse,
  hashtagResponse,
  healthyBodySchema,
  importResponse,
  mediaUploadResponse,
  memberListResponse,
  messageListResponse,
  moderationInstanceResponse,
  moderationInstancesResponse,
  moderationLogResponse,
  moderationReportsResponse,
  mutedWordListResponse,
  mutedWordRemovedResponse,
  mutedWordResponse,
  muteResponse,
  notificationListResponse,
  pollResponse,
  postContextResponse,
  postHistoryResponse,
  postListResponse,
  postResponse,
  preferencesResponse,
  profileResponse,
  resolvedReportResponse,
  roleResponse,
  safetyMemberListResponse,
  scheduledPostCreatedResponse,
  scheduledPostListResponse,
  scheduledPostResponse,
  searchResponse,
  sessionListResponse,
  sessionResponseSchema,
  suggestedUsersResponse,
  supportResponse,
  suspensionResponse,
  trendsResponse,
  unreadMessageCountResponse,
  updatedCountResponse,
  updatedPreferencesResponse,
  updatedUserResponse,
} from '@whisp/api-client/contract';
import { expect } from 'vitest';
import { z } from 'zod';

// Every success answer of the version-1 table, by method and path, with the contract's response
// schema for it: the answers of both targets are read with these, as a typed client reads them.
const ROUTES: [method: string, path: RegExp, schema: z.ZodType][] = [
  ['GET', /^\/health$/, healthyBodySchema],
  // A stored file (GET /media/{file}): bytes, read here as text; their type is the test's to check.
  ['GET', /^\/media\/[a-f0-9]{64}\.[a-z0-9]+$/, z.string()],
  ['GET', /^\/api\/users\/me\/export$/, accountExportResponse],
  ['POST', /^\/api\/users\/me\/import$/, importResponse],
  ['DELETE', /^\/api\/users\/me$/, deleteAccountResponse],
  ['POST', /^\/api\/auth\/(register|login)$/, sessionResponseSchema],
  ['POST', /^\/api\/auth\/logout$/, confirmationResponse],
  ['POST', /^\/api\/auth\/password-reset\/(request|confirm)$/, accountConfirmationResponse],
  ['POST', /^\/api\/users\/me\/password$/, accountConfirmationResponse],
  ['GET', /^\/api\/users\/me\/sessions$/, sessionListResponse],
  ['DELETE', /^\/api\/users\/me\/sessions\/[^/]+$/, accountConfirmationResponse],
  ['GET', /^\/api\/users\/me\/(blocks|mutes)$/, safetyMemberListResponse],
  ['GET', /^\/api\/users\/me\/follow-requests$/, followRequestsResponse],
  [
    'POST',
    /^\/api\/users\/me\/follow-requests\/[^/]+\/(accept|reject)$/,
    followRequestDecisionResponse,
  ],
  ['GET', /^\/api\/users\/me\/muted-words$/, mutedWordListResponse],
  ['GET', /^\/api\/users\/me\/preferences$/, preferencesResponse],
  ['PATCH', /^\/api\/users\/me\/preferences$/, updatedPreferencesResponse],
  ['POST', /^\/api\/users\/me\/muted-words$/, mutedWordResponse],
  ['DELETE', /^\/api\/users\/me\/muted-words\/[^/]+$/, mutedWordRemovedResponse],
  ['POST', /^\/api\/users\/[^/]+\/(block|unblock)$/, blockResponse],
  ['POST', /^\/api\/users\/[^/]+\/(mute|unmute)$/, muteResponse],
  ['GET', /^\/api\/users\/me$/, currentUserResponse],
  ['POST', /^\/api\/users\/(me|avatar|banner)$/, updatedUserResponse],
  ['PUT', /^\/api\/users\/banner\/position$/, bannerPositionResponse],
  ['GET', /^\/api\/users\/suggested$/, suggestedUsersResponse],
  ['GET', /^\/api\/users\/profile\/[^/]+$/, profileResponse],
  ['GET', /^\/api\/users\/[^/]+\/posts$/, postListResponse],
  ['POST', /^\/api\/users\/[^/]+\/(follow|unfollow)$/, followResponse],
  ['GET', /^\/api\/users\/[^/]+\/(followers|following)$/, memberListResponse],
  ['GET', /^\/api\/users\/[^/]+$/, profileResponse],
  ['GET', /^\/api\/posts\/(timeline|following|public)$/, feedResponse],
  ['POST', /^\/api\/posts\/media$/, mediaUploadResponse],
  // A whisp posted now, or (with scheduled_at) stored until its time.
  ['POST', /^\/api\/posts$/, z.union([createdPostResponse, scheduledPostCreatedResponse])],
  ['GET', /^\/api\/posts\/[^/]+\/replies$/, postListResponse],
  ['POST', /^\/api\/posts\/[^/]+\/reply$/, createdPostResponse],
  ['GET', /^\/api\/posts\/[^/]+\/context$/, postContextResponse],
  ['GET', /^\/api\/posts\/[^/]+\/history$/, postHistoryResponse],
  ['POST', /^\/api\/polls\/[^/]+\/votes$/, pollResponse],
  ['GET', /^\/api\/scheduled-posts$/, scheduledPostListResponse],
  ['PATCH', /^\/api\/scheduled-posts\/[^/]+$/, scheduledPostResponse],
  ['DELETE', /^\/api\/scheduled-posts\/[^/]+$/, confirmationResponse],
  ['POST', /^\/api\/posts\/[^/]+\/(like|unlike|rewhisp|unrewhisp)$/, postResponse],
  ['POST', /^\/api\/posts\/[^/]+\/(bookmark|unbookmark)$/, bookmarkStateResponse],
  ['POST', /^\/api\/posts\/[^/]+\/report$/, confirmationResponse],
  ['GET', /^\/api\/posts\/[^/]+$/, postResponse],
  ['POST', /^\/api\/posts\/[^/]+$/, postResponse],
  ['DELETE', /^\/api\/posts\/[^/]+$/, confirmationResponse],
  ['GET', /^\/api\/bookmarks$/, bookmarksResponse],
  ['GET', /^\/api\/search$/, searchResponse],
  ['GET', /^\/api\/search\/hashtag\/[^/]+$/, hashtagResponse],
  ['GET', /^\/api\/trends$/, trendsResponse],
  ['GET', /^\/api\/notifications$/, notificationListResponse],
  ['PATCH', /^\/api\/notifications\/read-all$/, updatedCountResponse],
  ['PATCH', /^\/api\/notifications\/[^/]+\/read$/, acknowledgedResponse],
  ['GET', /^\/api\/messages\/conversations$/, conversationListResponse],
  ['GET', /^\/api\/messages\/conversations\/[^/]+\/messages$/, messageListResponse],
  ['POST', /^\/api\/messages$/, directMessageResponse],
  ['POST', /^\/api\/messages\/start\/[^/]+$/, conversationResponse],
  ['PATCH', /^\/api\/messages\/read$/, updatedCountResponse],
  ['GET', /^\/api\/messages\/unread-count$/, unreadMessageCountResponse],
  ['POST', /^\/api\/support$/, supportResponse],
  ['POST', /^\/api\/users\/[^/]+\/report$/, confirmationResponse],
  ['GET', /^\/api\/moderation\/reports$/, moderationReportsResponse],
  ['POST', /^\/api\/moderation\/reports\/[^/]+\/resolve$/, resolvedReportResponse],
  ['GET', /^\/api\/moderation\/log$/, moderationLogResponse],
  ['POST', /^\/api\/moderation\/users\/[^/]+\/unsuspend$/, suspensionResponse],
  ['GET', /^\/api\/moderation\/instances$/, moderationInstancesResponse],
  ['PUT', /^\/api\/moderation\/instances\/[^/]+$/, moderationInstanceResponse],
  ['DELETE', /^\/api\/moderation\/instances\/[^/]+$/, moderationInstanceResponse],
  ['PUT', /^\/api\/admin\/users\/[^/]+\/role$/, roleResponse],
];

function schemaFor(method: string, path: string) {
  const pathname = path.split('?')[0] ?? path;
  return ROUTES.find(([m, pattern]) => m === method && pattern.test(pathname))?.[2];
}

/**
 * Reads an answer with the contract: a success body with its endpoint's response schema, an error
 * body with the error schema. Parsing drops keys a schema does not name, so a parsed body equal to
 * the original also proves that nothing was answered beyond the contract.
 */
export function expectContractShape(
  target: string,
  method: string,
  path: string,
  status: number,
  body: unknown,
) {
  const where = `${target}: ${method} ${path} answered ${status}`;
  const schema = status < 400 ? schemaFor(method, path) : errorBodySchema;
  if (!schema) throw new Error(`${where}, a route without a response schema in the contract`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${where}, a body outside the contract: ${parsed.error.message}`);
  }
  expect(parsed.data, `${where}, with fields the contract does not name`).toEqual(body);
}
