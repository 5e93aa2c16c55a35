import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { MISSING_AVATAR_PATH, MISSING_HEADER_PATH } from '../../mastodon/urls.js';

// The pictures a Mastodon app shows for an account without its own (Mastodon serves them at the
// same paths): apps need an address that answers with an image, never an empty one. Plain
// grey, made once at start (a few hundred bytes each), cached by browsers for a day.

const STAND_IN_GREY = { r: 0x8b, g: 0x98, b: 0xa5 };

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: STAND_IN_GREY } })
    .png()
    .toBuffer();

export const standInImageRoutes: FastifyPluginAsync = async (app) => {
  const [avatar, header] = await Promise.all([solidPng(400, 400), solidPng(1500, 500)]);
  for (const [path, image] of [
    [MISSING_AVATAR_PATH, avatar],
    [MISSING_HEADER_PATH, header],
  ] as const) {
    app.get(
      path,
      { schema: { summary: 'The picture shown for an account without its own' } },
      async (_request, reply) =>
        reply.type('image/png').header('cache-control', 'public, max-age=86400').send(image),
    );
  }
};
