// The moderation queries type their failure as unknown (their retry rule reads any error); every
// failure the client throws is an ApiError, whose message is the server's.
export const messageOf = (failure: unknown): string =>
  failure instanceof Error ? failure.message : 'Something went wrong. Please try again.';
