import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import type { TestMember } from '../members.js';

// A member signs in to a Mastodon app, as a person does: the app registers and sends them to the
// consent page, they authorize it (Whisp's own API, then the page's form post), and the app
// exchanges the code, all over HTTP against a listening server (./server.ts).

const REDIRECT = 'https://app.example/callback';

export interface SignedInApp {
  accessToken: string;
  clientId: string;
  clientSecret: string;
}

export async function signInWithApp(
  url: string,
  member: TestMember,
  scopes = 'read write follow push',
): Promise<SignedInApp> {
  const app = await createRestAPIClient({ url }).v1.apps.create({
    clientName: 'Mastodon test app',
    redirectUris: REDIRECT,
    scopes,
  });
  const clientId = app.clientId ?? '';
  const clientSecret = app.clientSecret ?? '';
  const decided = await fetch(`${url}/api/oauth/authorization`, {
    method: 'POST',
    headers: { ...member.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: scopes,
      decision: 'approve',
    }),
  });
  if (decided.status !== 200) throw new Error(`authorization: ${await decided.text()}`);
  const { ticket } = ((await decided.json()) as { data: { ticket: string } }).data;
  const redirect = await fetch(`${url}/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ticket }),
    redirect: 'manual',
  });
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const token = await createOAuthAPIClient({ url }).token.create({
    grantType: 'authorization_code',
    clientId,
    clientSecret,
    redirectUri: REDIRECT,
    code,
  });
  return { accessToken: token.accessToken, clientId, clientSecret };
}
