import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The address members open Whisp at (WHISP_PUBLIC_URL, without a trailing slash): the
     * members' shapes link a local member's profile page under it (`url`).
     */
    publicUrl: string;
  }
}

/** The server's public URL, for the routes that answer with absolute links. */
export const publicUrlPlugin = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    app.decorate('publicUrl', publicUrl);
  },
  { name: 'public-url' },
);
