import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * New passwords are hashed with Argon2id at OWASP's recommendation (m=19 MiB, t=2, p=1): a
 * sign-in costs 19 MiB, where scrypt at N=2^17 cost 128 MiB, so a burst of sign-ins fits a 1 GB
 * server. Hashes made before (scrypt) still verify, and are replaced at the member's next sign-in.
 */
export const ARGON2_TIME_COST = 2;
export const ARGON2_PARALLELISM = 1;
const KIB_PER_MIB = 1024;
// Algorithm.Argon2id: the package declares a const enum, which files compiled one by one cannot read.
const ARGON2ID: Algorithm.Argon2id = 2;

/** `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`: each hash carries its parameters. */
export async function hashPassword(password: string, memoryMiB: number): Promise<string> {
  // Runs on libuv's thread pool, so hashing never blocks other requests.
  return argon2Hash(password, {
    algorithm: ARGON2ID,
    memoryCost: memoryMiB * KIB_PER_MIB,
    timeCost: ARGON2_TIME_COST,
    parallelism: ARGON2_PARALLELISM,
  });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password);
    } catch {
      // A malformed stored value is a refusal, never an error page.
      return false;
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/**
 * Whether a stored hash should be replaced by one made now: any scrypt hash, and an Argon2id hash
 * of other parameters than today's (so raising the cost reaches every member who signs in).
 */
export function needsRehash(stored: string, memoryMiB: number): boolean {
  const parameters = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!parameters) return true;
  const [, memoryKiB, timeCost, parallelism] = parameters.map(Number);
  return (
    memoryKiB !== memoryMiB * KIB_PER_MIB ||
    timeCost !== ARGON2_TIME_COST ||
    parallelism !== ARGON2_PARALLELISM
  );
}

/**
 * Checks a password against a hash of nothing, at the same cost as a real check, so that an
 * unknown email takes as long to refuse as a wrong password and timing cannot reveal members.
 */
export function createDecoyVerifier(
  memoryMiB: number,
  // Random, so no password matches; a test passes a known one to see the check really run.
  secret = randomBytes(16).toString('hex'),
) {
  let decoy: Promise<string> | undefined;
  // Made on the first sign-in rather than at start (a hash at full cost is real CPU and memory),
  // and every sign-in waits for it, so that the first one is slower whoever it is for.
  const ready = () => {
    decoy ??= hashPassword(secret, memoryMiB);
    return decoy;
  };
  return {
    /** The decoy's hash, made once. */
    ready,
    /** Whether the password is the decoy's secret, by a full check against its hash. */
    async verify(password: string): Promise<boolean> {
      return verifyPassword(password, await ready());
    },
  };
}

// scrypt, as every hash was made until Argon2id: `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`.

const SCRYPT_KEY_LENGTH = 32;
const SCRYPT_SALT_LENGTH = 16;
/** The highest log2 N a stored scrypt hash may ask for (2^17, 128 MiB, was the production cost). */
const SCRYPT_MAX_COST = 17;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT_KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptOptions(cost: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** cost;
  // Node refuses scrypt above 32 MiB unless told; N=2^17, r=8 needs 128 MiB, plus headroom.
  return { N, r: blockSize, p: parallelism, maxmem: 128 * N * blockSize * parallelism * 2 };
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, cost, blockSize, parallelism, salt, key] = stored.split('$');
  const [n, r, p] = [Number(cost), Number(blockSize), Number(parallelism)];
  const sane = (value: number, max: number) =>
    Number.isInteger(value) && value >= 1 && value <= max;
  if (!salt || !key || !sane(n, SCRYPT_MAX_COST) || !sane(r, 8) || !sane(p, 1)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    scryptOptions(n, r, p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A scrypt hash as the server made them before Argon2id: for tests of the upgrade only. */
export async function hashPasswordWithScrypt(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_LENGTH);
  const key = await scryptAsync(password, salt, scryptOptions(cost, 8, 1));
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
