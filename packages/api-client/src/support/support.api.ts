import type { ApiContext, DataBody } from '../http/context.js';
import type { Id, SupportCategory, SupportPriority } from '../models.js';

export interface SupportRequest {
  category: SupportCategory;
  priority: SupportPriority;
  /** At most SUPPORT_SUBJECT_MAX_LENGTH characters. */
  subject: string;
  /** At most SUPPORT_DESCRIPTION_MAX_LENGTH characters. */
  description: string;
  include_system_info: boolean;
  system_info?: Record<string, unknown>;
}

export function createSupportApi({ request }: ApiContext) {
  return {
    /** POST /api/support (201). */
    submit: async (input: SupportRequest) => {
      const body = await request<DataBody<{ id: Id }> & { message: string }>('/api/support', {
        method: 'POST',
        body: input,
      });
      return { id: body.data.id, message: body.message };
    },
  };
}

export type SupportApi = ReturnType<typeof createSupportApi>;
