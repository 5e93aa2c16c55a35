import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.js';

/**
 * A browser as far as a sign-in with a provider needs one, driven by hand: one cookie jar for
 * Whisp (reached through app.inject at its public URL) and the provider (reached with fetch),
 * redirects followed one by one, and the provider's login and consent forms posted as a person
 * would submit them.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    /** Whisp's public URL: a redirect there is a request to the app. */
    private readonly publicUrl: string,
  ) {}

  private keep(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A request to Whisp, with this browser's cookies; the answer's cookies are kept. */
  async whisp(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    { payload, headers = {} }: { payload?: object; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const path = url.startsWith(this.publicUrl) ? url.slice(this.publicUrl.length) : url;
    const response = await this.app.inject({
      method,
      url: path,
      headers: { ...headers, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    const setCookie = response.headers['set-cookie'];
    this.keep(setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
    return response;
  }

  /** A request to the provider, not following its redirect. */
  async provider(url: string, form?: Record<string, string>) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(response.headers.getSetCookie());
    return response;
  }

  /**
   * From the provider's authorization URL to the address it sends the browser back to at
   * Whisp (the callback, with its code or error): signs in as `login`, consents, or cancels at
   * the login page.
   */
  async atProvider(authorizationUrl: string, login: string, { cancel = false } = {}) {
    let url = authorizationUrl;
    for (let step = 0; step < 12; step += 1) {
      if (url.startsWith(this.publicUrl)) return url;
      const response = await this.provider(url);
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const page = await response.text();
      if (response.status !== 200) {
        throw new Error(
          `The provider answered ${response.status} at ${url}: ${page.slice(0, 500)}`,
        );
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`No form on the provider's page at ${url}`);
      const formUrl = new URL(action.replaceAll('&amp;', '&'), url).href;
      let answer: Response;
      if (page.includes('name="prompt" value="login"')) {
        answer = cancel
          ? await this.provider(`${formUrl}/abort`)
          : await this.provider(formUrl, { prompt: 'login', login, password: 'any password' });
      } else if (page.includes('name="prompt" value="consent"')) {
        answer = await this.provider(formUrl, { prompt: 'consent' });
      } else {
        throw new Error(`An unexpected page at the provider (${url}): ${page.slice(0, 500)}`);
      }
      const next = answer.headers.get('location');
      if (!next)
        throw new Error(`The provider's form answered ${answer.status} without a redirect`);
      url = new URL(next, formUrl).href;
    }
    throw new Error('The provider never sent the browser back to Whisp');
  }
}

/** The path and query of a redirect's Location, and its query read. */
export function locationOf(response: LightMyRequestResponse) {
  const location = response.headers.location;
  if (typeof location !== 'string') {
    throw new Error(`Expected a redirect, got ${response.statusCode}: ${response.body}`);
  }
  const url = new URL(location, 'http://unknown.invalid');
  return { href: location, path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
