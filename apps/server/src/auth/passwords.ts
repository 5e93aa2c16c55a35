import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's thread pool, so hashing never blocks other requests.
    scrypt(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function optionsFor(cost: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** cost;
  // Node refuses scrypt above 32 MiB unless told; N=2^17, r=8 needs 128 MiB, plus headroom.
  return { N, r: blockSize, p: parallelism, maxmem: 128 * N * blockSize * parallelism * 2 };
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: each hash carries its parameters. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, optionsFor(cost, BLOCK_SIZE, PARALLELISM));
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    optionsFor(Number(cost), Number(blockSize), Number(parallelism)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Checks a password against a hash of nothing, at the same cost as a real check, so that an
 * unknown email takes as long to refuse as a wrong password and timing cannot reveal members.
 */
export function createDecoyVerifier(cost: number) {
  let decoy: Promise<string> | undefined;
  // Made on the first sign-in rather than at start (a hash at full cost is real CPU and memory),
  // and every sign-in waits for it, so that the first one is slower whoever it is for.
  const ready = () => {
    decoy ??= hashPassword(randomBytes(16).toString('hex'), cost);
    return decoy;
  };
  return {
    ready,
    async verify(password: string) {
      await verifyPassword(password, await ready());
    },
  };
}
