import { createHash, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * draft-cavage HTTP Signatures written by hand with node:crypto, as Mastodon and GoToSocial sign
 * and check them, so that Whisp (Fedify) is tested against code that is not Fedify's.
 *
 * Signing follows Mastodon's app/lib/request.rb: every header it sets, in order, lower-cased
 * into the signed string, `(request-target)` as `<method> <path>`, `algorithm="rsa-sha256"`.
 * GoToSocial (docs/federation/http_signatures.md) signs `(request-target) host date [digest]`
 * with `algorithm="hs2019"` over RSA-SHA256.
 *
 * Checking follows Mastodon's app/lib/signed_request.rb and
 * app/controllers/concerns/signature_verification.rb: keyId and signature are required, the
 * algorithm is rsa-sha256 or hs2019, Date within 12 hours, the Digest matches the body, the
 * signature verifies over the listed headers. The brief asks the peers to be stricter than
 * Mastodon on one point: `(request-target)`, `host`, `date` (and `digest` on a POST) must all be
 * signed, which Fedify does and every real server expects.
 */

export type SignatureAlgorithm = 'rsa-sha256' | 'hs2019';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  algorithm: SignatureAlgorithm;
}

/** A request as the peer sends it: the headers to sign, in the order they are signed. */
export interface OutgoingRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** Header name → value, in signing order (Host and Date are added first when missing). */
  headers: [string, string][];
  body?: string;
}

/** `SHA-256=<base64>`, the Digest header Mastodon sends and checks. */
export const digestOf = (body: string) =>
  `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

/** For peer-checks.test.ts: a request signed wrongly on purpose. */
export interface SigningFlaws {
  /** Signed (and sent) as made at this time. */
  date?: Date;
  /** Headers sent but left out of the signature. */
  unsigned?: string[];
}

/** The headers to send, Signature last, with `(request-target)` signed but never sent. */
export function signRequest(
  request: OutgoingRequest,
  key: SigningKey,
  flaws: SigningFlaws = {},
): Record<string, string> {
  const all: [string, string][] = [
    ['(request-target)', `${request.method.toLowerCase()} ${request.url.pathname}`],
    ['host', request.url.host],
    ['date', (flaws.date ?? new Date()).toUTCString()],
  ];
  if (request.body !== undefined) all.push(['digest', digestOf(request.body)]);
  for (const [name, value] of request.headers) all.push([name.toLowerCase(), value]);
  const signed = all.filter(([name]) => !flaws.unsigned?.includes(name));
  const signingString = signed.map(([name, value]) => `${name}: ${value}`).join('\n');
  const signature = createSign('RSA-SHA256').update(signingString).sign(key.privateKey, 'base64');
  const names = signed.map(([name]) => name).join(' ');
  const headers: Record<string, string> = {};
  for (const [name, value] of all) if (name !== '(request-target)') headers[name] = value;
  headers.signature = `keyId="${key.keyId}",algorithm="${key.algorithm}",headers="${names}",signature="${signature}"`;
  return headers;
}

/** A request as the peer received it. */
export interface IncomingRequest {
  method: string;
  /** The path and query, as on the request line. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type VerifiedSignature = {
  verified: true;
  keyId: string;
  algorithm: string;
  signedHeaders: string[];
  /** The actor that owns the key (the publicKey's `owner`). */
  owner: string;
};

export type FailedSignature = { verified: false; reason: string; keyId?: string };

/** Finds the public key a keyId names; the peer fetches the actor document (peer-server.ts). */
export type KeyResolver = (
  keyId: string,
) => Promise<{ publicKeyPem: string; owner: string } | null>;

const EXPIRATION_WINDOW_MS = 12 * 60 * 60 * 1000;

function header(request: IncomingRequest, name: string) {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** `keyId="…",algorithm="…",…` into its parameters; what Mastodon's SignatureParser reads. */
export function parseSignatureHeader(value: string) {
  const parameters: Record<string, string> = {};
  for (const match of value.matchAll(/([a-zA-Z]+)="([^"]*)"/g)) {
    const [, name, content] = match;
    if (name && content !== undefined) parameters[name] = content;
  }
  return parameters;
}

/** Checks a draft-cavage signature the way the peers' servers do; never throws. */
export async function verifyRequest(
  request: IncomingRequest,
  resolveKey: KeyResolver,
): Promise<VerifiedSignature | FailedSignature> {
  const raw = header(request, 'signature');
  if (!raw) return { verified: false, reason: 'Request not signed' };
  // An RFC 9421 signature (Signature-Input) is not read by Mastodon before 4.5 nor by GoToSocial:
  // they answer 401, and a sender that double-knocks tries draft-cavage next.
  if (header(request, 'signature-input')) {
    return { verified: false, reason: 'RFC 9421 signature: only draft-cavage is read here' };
  }
  const parameters = parseSignatureHeader(raw);
  const { keyId, signature } = parameters;
  if (!keyId || !signature) {
    return {
      verified: false,
      reason: 'Incompatible request signature: keyId and signature are required',
    };
  }
  const algorithm = parameters.algorithm ?? 'hs2019';
  if (algorithm !== 'rsa-sha256' && algorithm !== 'hs2019') {
    return { verified: false, keyId, reason: `Unsupported signature algorithm ${algorithm}` };
  }
  const signedHeaders = (parameters.headers ?? 'date').toLowerCase().split(/\s+/);
  const required = [
    '(request-target)',
    'host',
    'date',
    ...(request.method === 'POST' ? ['digest'] : []),
  ];
  const missing = required.filter((name) => !signedHeaders.includes(name));
  if (missing.length > 0) {
    return { verified: false, keyId, reason: `Not signed: ${missing.join(', ')}` };
  }
  const date = Date.parse(header(request, 'date') ?? '');
  if (Number.isNaN(date) || Math.abs(Date.now() - date) > EXPIRATION_WINDOW_MS) {
    return { verified: false, keyId, reason: 'Signed request date outside acceptable time window' };
  }
  if (signedHeaders.includes('digest')) {
    const digests = (header(request, 'digest') ?? '').split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    });
    const sha256 = digests.find(([name]) => name === 'sha-256');
    if (!sha256) return { verified: false, keyId, reason: 'Digest header missing or not SHA-256' };
    if (`SHA-256=${sha256[1]}` !== digestOf(request.body)) {
      return { verified: false, keyId, reason: 'Invalid Digest value' };
    }
  }
  const lines: string[] = [];
  for (const name of signedHeaders) {
    if (name === '(request-target)') {
      lines.push(`(request-target): ${request.method.toLowerCase()} ${request.target}`);
      continue;
    }
    const value = header(request, name);
    if (value === undefined)
      return { verified: false, keyId, reason: `Signed header ${name} is missing` };
    lines.push(`${name}: ${value}`);
  }
  const key = await resolveKey(keyId).catch(() => null);
  if (!key) return { verified: false, keyId, reason: `Public key not found for key ${keyId}` };
  const verify = (signingString: string) =>
    createVerify('RSA-SHA256').update(signingString).verify(key.publicKeyPem, signature, 'base64');
  // Mastodon tries with the query string, then without it (signed_request.rb).
  const withoutQuery = lines.map((line) =>
    line.startsWith('(request-target): ') ? line.replace(/\?.*$/, '') : line,
  );
  if (!verify(lines.join('\n')) && !verify(withoutQuery.join('\n'))) {
    return { verified: false, keyId, reason: `Verification failed for ${keyId}` };
  }
  return { verified: true, keyId, algorithm, signedHeaders, owner: key.owner };
}
