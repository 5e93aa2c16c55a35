import type { Fetcher } from '../http/createFetcher.js';

export interface HealthStatus {
  success: true;
  status: 'ok';
  version: string;
}

/** The start-up check's path (the app's boot script asks it before the client exists). */
export const HEALTH_PATH = '/health';

export function createHealthApi(request: Fetcher) {
  return {
    /** GET /health: resolves when the server and its database answer; rejects otherwise. */
    check: (signal?: AbortSignal) => request<HealthStatus>(HEALTH_PATH, { auth: 'none', signal }),
  };
}
