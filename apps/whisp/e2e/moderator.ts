import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, registerMember, uniqueAddress } from './members';

/**
 * The admin of the e2e server: serve-built-app.mjs lists this address in WHISP_ADMIN_EMAILS.
 * Tests running at once share the account: whoever comes first registers it, the others sign in.
 */
const ADMIN = { email: 'e2e-admin@example.com', password: 'correct-horse-battery' };

async function admin(request: APIRequestContext): Promise<{ token: string }> {
  const signIn = () =>
    request.post('/api/auth/login', {
      headers: { 'X-Forwarded-For': uniqueAddress() },
      data: ADMIN,
    });
  let response = await signIn();
  if (response.status() === 401) {
    const registered = await request.post('/api/auth/register', {
      headers: { 'X-Forwarded-For': uniqueAddress() },
      data: { ...ADMIN, username: 'e2e_admin', display_name: 'E2E Admin' },
    });
    // 409: a test running beside this one registered it first.
    expect([201, 409], await registered.text()).toContain(registered.status());
    response = await signIn();
  }
  expect(response.status(), await response.text()).toBe(200);
  return { token: (await response.json()).data.token };
}

/** A fresh member made a moderator by the admin, through PUT /api/admin/users/{id}/role. */
export async function registerModerator(request: APIRequestContext): Promise<Member> {
  const moderator = await registerMember(request, 'Moderator');
  const { token } = await admin(request);
  const response = await request.put(`/api/admin/users/${moderator.id}/role`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { role: 'moderator' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return moderator;
}
