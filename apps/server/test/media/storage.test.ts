import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../src/media/storage.js';
import { makeTempDir } from '../helpers.js';

const key = `${'ab'.repeat(32)}.webp`;

describe('local disk media storage', () => {
  const directory = makeTempDir('media');
  const storage = createLocalDiskStorage(directory);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('puts, gets and deletes a file by key', async () => {
    await storage.put(key, Buffer.from('bytes'));

    expect((await storage.get(key))?.toString()).toBe('bytes');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('leaves no partial file behind', async () => {
    await storage.put(key, Buffer.from('bytes'));

    expect(existsSync(path.join(directory, 'ab', key))).toBe(true);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(path.join(directory, 'ab'))).toEqual([key]);
  });

  it.each(['../secret.webp', `../${key}`, 'a/b.webp', `${key}/..`, ''])(
    'refuses a key that is not one it makes: %j',
    async (badKey) => {
      await expect(storage.get(badKey)).rejects.toThrow(/Not a media key/);
      await expect(storage.put(badKey, Buffer.from('x'))).rejects.toThrow(/Not a media key/);
      await expect(storage.delete(badKey)).rejects.toThrow(/Not a media key/);
    },
  );
});
