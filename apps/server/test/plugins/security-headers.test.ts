import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';

/** `default-src 'self'; object-src 'none'` → { 'default-src': ["'self'"], … } */
function directivesOf(policy: unknown) {
  expect(policy, 'a Content-Security-Policy header').toEqual(expect.any(String));
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[] | undefined>;
}

// An ISO BMFF "ftyp" box: what the server recognises as an MP4 video and stores as such.
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
]);

describe('security headers', () => {
  const webAppDir = makeTempDir('web-app');
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    // The built web app's page is what a browser runs scripts in: the policy matters most there.
    writeFileSync(path.join(webAppDir, 'index.html'), '<!doctype html><title>Whisp</title>');
    testApp = await createTestApp({ config: { staticDir: webAppDir } });
    member = await registerMember(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(webAppDir, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it.each(['/', '/profile/someone', '/health'])(
    'sends %s with a script policy that blocks injected scripts, plugins and framing',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const policy = directivesOf(response.headers['content-security-policy']);

      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it.each([
    ['/api/posts/following', 401],
    ['/api/no-such-route', 404],
  ])('sends them with errors too: %s answers %i', async (url, status) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    const policy = directivesOf(response.headers['content-security-policy']);

    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('never lets inline or evaluated script run', async () => {
    const policy = directivesOf((await get('/')).headers['content-security-policy']);

    for (const directive of ['default-src', 'script-src', 'script-src-elem', 'script-src-attr']) {
      expect(policy[directive] ?? [], directive).not.toContain("'unsafe-inline'");
      expect(policy[directive] ?? [], directive).not.toContain("'unsafe-eval'");
    }
  });

  it('forbids type sniffing and keeps the address out of Referer headers', async () => {
    const response = await get('/');

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  async function upload(url: string, field: string, file: [string, string, Buffer]) {
    const body = multipartFile(field, ...file);
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...member.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('serves /media with nosniff and the content type of the stored file', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    const avatarUrl: string = (
      await upload('/api/users/avatar', 'avatar', ['me.png', 'image/png', png])
    ).user.profile_picture_url;
    // Named .png by the client: the server stores what it made of the bytes.
    const videoUrl: string = (
      await upload('/api/posts/media', 'media', ['clip.png', 'image/png', mp4])
    ).media_urls[0];

    for (const [url, type] of [
      [avatarUrl, 'image/webp'],
      [videoUrl, 'video/mp4'],
    ] as const) {
      const served = await get(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type'], url).toBe(type);
      expect(served.headers['x-content-type-options'], url).toBe('nosniff');
    }
    expect(avatarUrl).toMatch(/\.webp$/);
    expect(videoUrl).toMatch(/\.mp4$/);
  });

  it('sends every /media/ answer with a policy that loads and runs nothing, in a sandbox', async () => {
    // A stored video is kept as sent: this one carries a page after its header.
    const polyglot = Buffer.concat([mp4, Buffer.from('<html><script>alert(1)</script></html>')]);
    const [url] = (await upload('/api/posts/media', 'media', ['clip.mp4', 'video/mp4', polyglot]))
      .media_urls;
    const whole = await get(url);
    const answers = [
      whole,
      await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } }),
      await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': whole.headers.etag as string },
      }),
      await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999-' } }),
      await testApp.app.inject({ method: 'HEAD', url }),
      await get(`/media/${'0'.repeat(64)}.mp4`),
      await get('/media/not-a-stored-name.html'),
      await get('/media/a/b/c'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 206, 304, 416, 200, 404, 404, 404,
    ]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    // Everything else keeps the app's policy.
    const page = directivesOf((await get('/media')).headers['content-security-policy']);
    expect(page['default-src']).toEqual(["'self'"]);
    expect(page.sandbox).toBeUndefined();
  });
});

describe("the web app's boot script", () => {
  // As the web app's build writes it (apps/whisp/vite-plugins/boot.ts): one bare inline script.
  const bootScript = 'window.__whispEarlyRequests=[];';
  const webAppDir = makeTempDir('web-app-boot');
  let testApp: TestApp;
  beforeAll(async () => {
    writeFileSync(
      path.join(webAppDir, 'index.html'),
      `<!doctype html><title>Whisp</title><script>${bootScript}</script><script type="module" src="/assets/index.js"></script><div id="root"></div>`,
    );
    testApp = await createTestApp({ config: { staticDir: webAppDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(webAppDir, { recursive: true, force: true });
  });

  it('is allowed by its hash, and no other inline script is', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    const policy = directivesOf(response.headers['content-security-policy']);

    const hash = createHash('sha256').update(bootScript).digest('base64');
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });
});
