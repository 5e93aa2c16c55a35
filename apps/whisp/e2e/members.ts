import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface Member {
  id: string;
  username: string;
  displayName: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** A made-up client address per registration (the e2e server trusts X-Forwarded-For). */
export function uniqueAddress(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  return `10.${n}.${(Date.now() >> 8) % 250}.${(counter++ % 250) + 1}`;
}

/** A fresh, unique member for one test, registered through the API. */
export async function registerMember(request: APIRequestContext, name = 'Member'): Promise<Member> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${name.toLowerCase().replace(/[^a-z]/g, '')}_${suffix}`.slice(0, 30);
  const member = {
    username,
    displayName: `${name} ${suffix.slice(-4)}`,
    email: `${username}@example.com`,
    password: 'correct-horse-battery',
  };
  const response = await request.post('/api/auth/register', {
    headers: { 'X-Forwarded-For': uniqueAddress() },
    data: {
      email: member.email,
      password: member.password,
      username: member.username,
      display_name: member.displayName,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return { ...member, id: body.data.user.id, token: body.data.token };
}

/** Opens the app already signed in as the member (their token in local storage, as after login). */
export async function signIn(page: Page, member: Member, path = '/'): Promise<void> {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e.signed-in')) {
      localStorage.setItem('whisp.token', token);
      sessionStorage.setItem('e2e.signed-in', '1');
    }
  }, member.token);
  await page.goto(path);
}

/** Posts a whisp through the API (setting the scene, not the behaviour under test). */
export async function postWhisp(
  request: APIRequestContext,
  member: Member,
  content: string,
): Promise<{ id: string }> {
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}
