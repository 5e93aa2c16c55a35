import type { Fetcher } from '../http/createFetcher.js';

export interface HealthStatus {
  success: true;
  status: 'ok';
  version: string;
}

export function createHealthApi(request: Fetcher) {
  return {
    /** GET /health: resolves when the server and its database answer; rejects otherwise. */
    check: (signal?: AbortSignal) => request<HealthStatus>('/health', { auth: 'none', signal }),
  };
}
