import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createMemoryTokenStore,
  createWhispClient,
  type TransferProgress,
} from '../src/index.js';
import { createMockApi } from '../src/mocks/index.js';

// The typed calls of the member's own data, against the mock server (the contract suite holds the
// mocks to the real server's answers): the download's progress, the import, the deletion.

const API = 'http://api.whisp.test';
const server = setupServer(...createMockApi({ scenario: 'empty', baseUrl: API }).handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function signedInClient(username: string) {
  const client = createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore() });
  await client.auth.register({
    email: `${username}@example.com`,
    password: 'correct horse battery',
    username,
    display_name: username,
  });
  return client;
}

describe('account data calls', () => {
  it('downloads the export as a zip, reporting the bytes as they arrive', async () => {
    const ada = await signedInClient('ada');
    await ada.posts.create({ content: 'Something to export' });
    const progress: TransferProgress[] = [];
    const { archive, filename } = await ada.accountData.downloadExport({
      onProgress: (step) => progress.push(step),
    });
    expect(archive.type).toBe('application/zip');
    expect(filename).toMatch(/^whisp-ada-\d{4}-\d{2}-\d{2}\.zip$/);
    // "PK\x03\x04": a zip's first entry.
    expect([...new Uint8Array(await archive.slice(0, 4).arrayBuffer())]).toEqual([
      0x50, 0x4b, 0x03, 0x04,
    ]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)?.loaded).toBe(archive.size);
  });

  it('imports an export and answers what it added', async () => {
    const ben = await signedInClient('ben');
    await ben.posts.create({ content: 'Moving house' });
    const { archive } = await ben.accountData.downloadExport();
    const cleo = await signedInClient('cleo');
    expect(await cleo.accountData.importArchive(archive)).toEqual({
      whisps: 1,
      media: 0,
      follows: 0,
      skipped: 0,
    });
    await expect(
      cleo.accountData.importArchive(new Blob(['not a zip'], { type: 'application/zip' })),
    ).rejects.toMatchObject({ status: 400, code: 'ARCHIVE_INVALID' });
  });

  it('deletes the account with the password and forgets the token', async () => {
    const dan = await signedInClient('dan');
    const refused = await dan.accountData.deleteAccount('wrong').catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Current password is incorrect',
    });
    expect(dan.tokenStore.get()).not.toBeNull();
    expect(await dan.accountData.deleteAccount('correct horse battery')).toEqual({
      message: 'Your account has been deleted.',
    });
    expect(dan.tokenStore.get()).toBeNull();
  });
});
