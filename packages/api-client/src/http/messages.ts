/** The client-side error texts of product-spec section 8, word for word. */
export const NETWORK_ERROR_MESSAGE = 'Network error: Unable to connect to server';
export const NO_TOKEN_MESSAGE = 'No authentication token found';

/** What a failed response says when the server gave no message of its own. */
export function httpStatusMessage(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}
