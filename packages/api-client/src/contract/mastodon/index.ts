// The Mastodon client API's shapes (Mastodon client API 1.2): served by the server alone (the
// mocks and the client stay Whisp's own API), described here so that the OpenAPI document shows
// them beside the rest.

export * from './accounts.js';
export * from './apps.js';
export * from './conversations.js';
export * from './discovery.js';
export * from './filters.js';
export * from './instance.js';
export * from './media.js';
export * from './messages.js';
export * from './notifications.js';
export * from './paging.js';
export * from './relationships.js';
export * from './scheduled-statuses.js';
export * from './scopes.js';
export * from './status-lists.js';
export * from './statuses.js';
