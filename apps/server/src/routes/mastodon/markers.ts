import {
  mastodonErrorSchema,
  mastodonMarkersBody,
  mastodonMarkersQuery,
  mastodonMarkersSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarkerTimeline } from '../../db/repositories/mastodon-markers.js';
import { mastodonRoute } from './access.js';

// Markers (Mastodon client API 1.2, methods/markers.md): where the member stopped reading their
// home timeline and notifications, shared between apps. Saving the notifications marker also
// marks Whisp's notifications read up to it, so Whisp's app shows the same unread count.

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };
const TIMELINES: readonly MarkerTimeline[] = ['home', 'notifications'];

type MarkerRow = {
  timeline: MarkerTimeline;
  last_read_id: string;
  version: number;
  updated_at: Date;
};

const toMarkers = (rows: MarkerRow[]) =>
  Object.fromEntries(
    rows.map((row) => [
      row.timeline,
      {
        last_read_id: row.last_read_id,
        version: row.version,
        updated_at: new Date(row.updated_at).toISOString(),
      },
    ]),
  );

export const mastodonMarkerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mastodonMarkers, notifications } = app.repositories;

  app.get(
    '/api/v1/markers',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'Where the member stopped reading (home, notifications)',
        querystring: mastodonMarkersQuery,
        response: { 200: mastodonMarkersSchema, ...errors },
      },
    },
    async (request) => {
      const asked = request.query.timeline ?? request.query['timeline[]'] ?? [...TIMELINES];
      const timelines = TIMELINES.filter((timeline) => asked.includes(timeline));
      return toMarkers(await mastodonMarkers.list(request.member.id, timelines));
    },
  );

  app.post(
    '/api/v1/markers',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Save where the member stopped reading',
        body: mastodonMarkersBody,
        response: { 200: mastodonMarkersSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const saved: MarkerRow[] = [];
      for (const timeline of TIMELINES) {
        const lastReadId = request.body[timeline]?.last_read_id;
        if (lastReadId === undefined) continue;
        saved.push(await mastodonMarkers.save(memberId, timeline, lastReadId));
        if (timeline === 'notifications') await notifications.markReadUpTo(memberId, lastReadId);
      }
      return toMarkers(saved);
    },
  );
};
