import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /**
   * CSP sources ('sha256-…') of the inline scripts the server's own pages carry: the web app's
   * boot script. Any other inline script stays blocked.
   */
  inlineScriptHashes?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The pages' Content-Security-Policy, its form-action also allowing `source` (an origin or
     * a scheme): for the OAuth consent page, whose form post is answered with a redirect to the
     * app, which a browser checks against form-action too.
     */
    contentSecurityPolicyAllowingFormAction(source: string): string;
  }
}

const helmetOptions = (
  { inlineScriptHashes = [] }: SecurityHeadersOptions,
  formActionSources: string[] = [],
): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      'script-src': ["'self'", ...inlineScriptHashes],
      'form-action': ["'self'", ...formActionSources],
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

/**
 * The headers helmet sets with these options, found by running its middleware once against a
 * stand-in response. Run per request (as @fastify/helmet does), it parsed the policy again each
 * time: about 4% of the server's CPU. Only valid while no directive is a function of the request
 * (such as a nonce): every response gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Uploaded files are members' bytes: opened on their own (a crafted file a browser sniffs as a
 * page), they may load nothing and run nothing, in a sandbox with an origin of its own.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
const MEDIA_PREFIX = '/media/';

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const headers = helmetHeaders(helmetOptions(options));
    app.decorate(
      'contentSecurityPolicyAllowingFormAction',
      (source: string) =>
        helmetHeaders(helmetOptions(options, [source]))['content-security-policy'] ?? '',
    );
    const mediaHeaders = { ...headers, 'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY };
    // onRequest, before any hook can fail: error responses (401, 404, 429…) carry them too. By
    // the path, not the route, so /media/ answers no route matches carry the media policy too.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(MEDIA_PREFIX) ? mediaHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
