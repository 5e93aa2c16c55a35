import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../helpers.js';
import { registerMember } from '../members.js';
import { multipartFile } from '../multipart.js';

describe('WHISP_MEDIA_DIR', () => {
  const mediaDir = makeTempDir('shared-media');
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { mediaDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('stores uploads in the configured directory, not the data directory, and serves them', async () => {
    const member = await registerMember(testApp.app);
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#22c55e' },
    })
      .png()
      .toBuffer();
    const body = multipartFile('avatar', 'me.png', 'image/png', png);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      payload: body.payload,
      headers: { ...body.headers, ...member.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().user.profile_picture_url;
    const key = url.slice('/media/'.length);

    const stored = path.join(mediaDir, key.slice(0, 2), key);
    expect(existsSync(stored)).toBe(true);
    expect(existsSync(path.join(testApp.config.dataDir, 'media'))).toBe(false);
    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(readFileSync(stored))).toBe(true);
  });
});
