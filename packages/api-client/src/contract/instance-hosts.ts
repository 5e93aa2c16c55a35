// Another server named by its host, as moderators type it and as `users.host` stores it: a DNS
// name (or an IP address) in lower case, with its port when it has one. No zod: a moderation
// page can check a host before sending it.

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_PATTERN = new RegExp(
  `^(?:(?<name>${LABEL}(?:\\.${LABEL})*)|\\[[0-9a-f:.]+\\])(?::(?<port>[0-9]{1,5}))?$`,
);
/** RFC 1035's limit on a whole name. */
const HOST_NAME_MAX_LENGTH = 253;
const PORT_MAX = 65_535;

/** The host as stored: trimmed and lower case (DNS names are case-insensitive). */
export function normaliseInstanceHost(host: string): string {
  return host.trim().toLowerCase();
}

/**
 * Whether a (normalised) host names a server: `example.com`, `social.example.com:8443`,
 * `127.0.0.1:3000` or `[::1]:3000`. A URL, a handle or a path is not one.
 */
export function isInstanceHost(host: string): boolean {
  const match = HOST_PATTERN.exec(host);
  if (!match) return false;
  const { name, port } = match.groups ?? {};
  if (name !== undefined && name.length > HOST_NAME_MAX_LENGTH) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= PORT_MAX);
}
