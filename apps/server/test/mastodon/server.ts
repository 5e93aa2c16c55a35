import { freePort } from '../../test-support/server-process.mjs';
import { createTestApp, type TestApp, testConfig } from '../helpers.js';

/**
 * The real app listening on a loopback port, its public URL that address (as WHISP_PUBLIC_URL
 * would be), for the Mastodon libraries, which speak HTTP and build URLs from what it answers.
 */
export async function startMastodonTestServer(): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({
    config: { mail: { ...testConfig().mail, publicUrl: url } },
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
  return { ...testApp, url };
}
