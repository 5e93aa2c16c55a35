export interface ApiErrorDetail {
  field?: string;
  message: string;
}

/** Machine codes for failures that happen before or outside a server answer. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  noToken: 'NO_TOKEN',
  http: 'HTTP_ERROR',
} as const;

/**
 * Every failed call rejects with an ApiError: `message` is what a person should read,
 * `status` is 0 when no response arrived, `code` is stable for programs to branch on.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[] | undefined;
  /**
   * What the error body carried under `data`, for the few refusals that say more than a
   * sentence (409 OIDC_USERNAME_NEEDED: the names to offer); undefined for the rest.
   */
  readonly data: unknown;

  constructor(
    message: string,
    options: { status: number; code: string; details?: ApiErrorDetail[]; data?: unknown },
  ) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.data = options.data;
  }

  get isNetworkError(): boolean {
    return this.code === CLIENT_ERROR_CODES.network;
  }

  get isUnauthorized(): boolean {
    return this.status === 401 || this.code === CLIENT_ERROR_CODES.noToken;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
