// The contract of the Whisp HTTP API: one definition of every limit, rule, error and shape, read
// by the server, the client, the mocks and the UI.
//
// choices, errors, issues, limits, media-types, rules, text and validation load no zod: a page
// imports them one by one through `@whisp/api-client/contract/<module>`. endpoints/ and shapes/
// are zod schemas: the server validates and documents with them, the mocks parse with them, the
// client infers its types from them (with `import type` only).
export * from './choices.js';
export * from './composer.js';
export * from './connected-apps.js';
export * from './endpoints/account.js';
export * from './endpoints/account-data.js';
export * from './endpoints/auth.js';
export * from './endpoints/common.js';
export * from './endpoints/connected-apps.js';
export * from './endpoints/discovery.js';
export * from './endpoints/identities.js';
export * from './endpoints/inbox.js';
export * from './endpoints/moderation.js';
export * from './endpoints/posts.js';
export * from './endpoints/preferences.js';
export * from './endpoints/privacy.js';
export * from './endpoints/safety.js';
export * from './endpoints/support.js';
export * from './endpoints/system.js';
export * from './endpoints/users.js';
export * from './errors.js';
export * from './identities.js';
export * from './instance-hosts.js';
export * from './issues.js';
export * from './json-nesting.js';
export * from './limits.js';
export * from './media-types.js';
export * from './member-address.js';
export * from './moderation-notices.js';
export * from './muted-words.js';
export * from './preferences.js';
export * from './rules.js';
export * from './shapes/account.js';
export * from './shapes/account-archive.js';
export * from './shapes/error-body.js';
export * from './shapes/inbox.js';
export * from './shapes/moderation.js';
export * from './shapes/posts.js';
export * from './shapes/preferences.js';
export * from './shapes/safety.js';
export * from './shapes/users.js';
export * from './text.js';
export * from './validation.js';
