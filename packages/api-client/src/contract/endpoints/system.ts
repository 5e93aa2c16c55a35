import { z } from 'zod';
import { errorBodySchema } from '../shapes/error-body.js';
import { errorResponses } from './common.js';

// GET /health and GET /api/events: what load balancers and live clients call.

export const healthyBodySchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  version: z.string(),
});
/** GET /health: 503 (error shape) while the database is unreachable. */
export const healthResponses = { 200: healthyBodySchema, 503: errorBodySchema };

/** GET /api/events: EventSource cannot send headers, so the token may come in the query. */
export const liveEventsQuery = z.object({
  token: z
    .string()
    .optional()
    .describe('The session token, for EventSource, which cannot send headers'),
});
export const liveEventsHeaders = z.object({ 'last-event-id': z.string().optional() });
export const liveEventsResponses = {
  200: z.any().describe('A text/event-stream that stays open'),
  ...errorResponses(401, 429),
};
