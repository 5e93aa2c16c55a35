// The contract of the Whisp HTTP API: one definition of every limit, rule, error and shape, read
// by the server, the client, the mocks and the UI. These modules load no zod.
export * from './choices.js';
export * from './errors.js';
export * from './issues.js';
export * from './limits.js';
export * from './media-types.js';
export * from './rules.js';
export * from './text.js';
export * from './validation.js';
