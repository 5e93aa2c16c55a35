import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

export interface NewSupportRequest {
  userId: string;
  category: string;
  priority: string;
  subject: string;
  description: string;
  systemInfo: unknown;
}

export function createSupportRepository(db: Kysely<DatabaseSchema>) {
  return {
    async create(request: NewSupportRequest) {
      const { id } = await db
        .insertInto('support_requests')
        .values({
          user_id: request.userId,
          category: request.category,
          priority: request.priority,
          subject: request.subject,
          description: request.description,
          // Text cast to jsonb: both drivers then send the JSON as written, never encoded twice.
          system_info:
            request.systemInfo === undefined
              ? null
              : sql`${JSON.stringify(request.systemInfo)}::text::jsonb`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}
