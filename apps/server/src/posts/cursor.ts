import { z } from 'zod';
import { apiError } from '../http/api-error.js';

/**
 * Cursors are opaque to clients: base64url JSON of where the last page ended. A cursor that does
 * not decode to the expected shape is a 400, never a database error.
 */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<Schema extends z.ZodType>(
  text: string | undefined,
  schema: Schema,
): z.infer<Schema> | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw apiError('invalidCursor');
  }
}

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);

export const timeCursorSchema = z.object({ at: timestamp, id: uuid });
export const rankCursorSchema = z.object({
  score: z.number().finite(),
  id: uuid,
  asOf: timestamp,
});
