import type { App } from '../src/app.js';

let counter = 0;

export interface TestMember {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** Headers of a request from this member. */
  headers: { authorization: string };
}

/** Signs up a new member with unique details (overridable) through the real endpoint. */
export async function registerMember(
  app: App,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    display_name: string;
    bio: string;
  }> = {},
): Promise<TestMember> {
  counter += 1;
  const suffix = `${process.pid}_${counter}`;
  const body = {
    email: `member${suffix}@example.com`,
    password: 'correct horse battery',
    username: `member_${suffix}`,
    display_name: `Member ${counter}`,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (response.statusCode !== 201) {
    throw new Error(`Registration failed (${response.statusCode}): ${response.body}`);
  }
  const { data } = response.json();
  return {
    id: data.user.id,
    username: body.username,
    email: body.email,
    password: body.password,
    token: data.token,
    headers: { authorization: `Bearer ${data.token}` },
  };
}
