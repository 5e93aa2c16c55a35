import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          // Previews of images and videos picked for upload are blob: URLs.
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          // Video links in whisps become embedded players.
          'frame-src': [
            'https://www.youtube-nocookie.com',
            'https://www.youtube.com',
            'https://player.vimeo.com',
          ],
          // No page of Whisp is meant to be shown inside another, its own included: clickjacking
          // has nothing to frame.
          'frame-ancestors': ["'none'"],
          // Self-hosters often reach the server over plain HTTP on a home network; upgrading
          // its asset requests to HTTPS would leave the page blank.
          'upgrade-insecure-requests': null,
        },
      },
      // For browsers that predate frame-ancestors.
      xFrameOptions: { action: 'deny' },
      // Clients on another origin (the dev server, Storybook) show /media images.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  },
  { name: 'security-headers' },
);
