import { isIP } from 'node:net';
import { z } from 'zod';

/** One OpenID Connect provider an operator configured in WHISP_OIDC_PROVIDERS. */
export interface OidcProviderConfig {
  /** In the provider's URLs (/api/auth/oidc/{id}/…) and stored with each linked account. */
  id: string;
  /** Shown to members: "Continue with {name}". */
  name: string;
  /** Discovery starts here: {issuer}/.well-known/openid-configuration. */
  issuer: string;
  client_id: string;
  client_secret: string;
}

export const OIDC_PROVIDERS_VARIABLE = 'WHISP_OIDC_PROVIDERS';

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const NAME_MAX_LENGTH = 50;

export const OIDC_PROVIDER_MESSAGES = {
  notJson: 'must be JSON: an array of { id, name, issuer, client_id, client_secret }',
  notArray: 'must be a JSON array of { id, name, issuer, client_id, client_secret }',
  notObject: 'must be an object { id, name, issuer, client_id, client_secret }',
  id: 'must be 1 to 32 lower-case letters, digits, - or _, starting with a letter or digit (it is part of the callback URL)',
  duplicateId: 'must differ from every other provider’s id',
  name: `must be a name of 1 to ${NAME_MAX_LENGTH} characters, shown on the "Continue with" button`,
  issuer: 'must be https://, or http:// on a loopback address',
  required: 'must be a non-empty string',
  unknownField: (fields: string) =>
    `has an unknown field "${fields}": expected id, name, issuer, client_id, client_secret`,
} as const;

/**
 * http:// is for development and tests on this machine only: an ID token fetched over plain HTTP
 * from anywhere else could be swapped on the way.
 */
export function isLoopbackHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function isAllowedIssuer(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

const requiredText = z
  .string({ error: OIDC_PROVIDER_MESSAGES.required })
  .trim()
  .min(1, OIDC_PROVIDER_MESSAGES.required);

const providerSchema = z.strictObject(
  {
    id: z.string({ error: OIDC_PROVIDER_MESSAGES.id }).regex(ID_PATTERN, OIDC_PROVIDER_MESSAGES.id),
    name: z
      .string({ error: OIDC_PROVIDER_MESSAGES.name })
      .trim()
      .min(1, OIDC_PROVIDER_MESSAGES.name)
      .max(NAME_MAX_LENGTH, OIDC_PROVIDER_MESSAGES.name),
    issuer: z
      .string({ error: OIDC_PROVIDER_MESSAGES.issuer })
      .trim()
      .refine(isAllowedIssuer, OIDC_PROVIDER_MESSAGES.issuer)
      // Discovery appends /.well-known/openid-configuration to the issuer as written.
      .transform((issuer) => issuer.replace(/\/+$/, '')),
    client_id: requiredText,
    client_secret: requiredText,
  },
  {
    // A misspelt field (clientId) would otherwise leave a provider that fails at its first use.
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? OIDC_PROVIDER_MESSAGES.unknownField(issue.keys.join('", "'))
        : OIDC_PROVIDER_MESSAGES.notObject,
  },
);

/** The variable's value: blank or unset is no provider. */
export const oidcProvidersSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: OIDC_PROVIDER_MESSAGES.notJson });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.looseObject({}).pipe(providerSchema), { error: OIDC_PROVIDER_MESSAGES.notArray })
        .superRefine((providers, context) => {
          const seen = new Set<string>();
          providers.forEach((provider, index) => {
            if (seen.has(provider.id)) {
              context.addIssue({
                code: 'custom',
                path: [index, 'id'],
                message: OIDC_PROVIDER_MESSAGES.duplicateId,
              });
            }
            seen.add(provider.id);
          });
        })
        .transform((providers): OidcProviderConfig[] =>
          providers.map(({ id, name, issuer, client_id, client_secret }) => ({
            id,
            name,
            issuer,
            client_id,
            client_secret,
          })),
        ),
    )
    .default([]),
);

/** `WHISP_OIDC_PROVIDERS[0].issuer`: where in the variable a problem is. */
export function describeProviderPath(path: readonly PropertyKey[]) {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}
