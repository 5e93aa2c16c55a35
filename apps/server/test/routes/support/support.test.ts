import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

describe('POST /api/support', () => {
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const valid = {
    category: 'bug',
    priority: 'high',
    subject: 'Images do not load',
    description: 'Since this morning every image in my feed is blank.',
    include_system_info: true,
    system_info: { browser: 'Firefox 140', screen: '1920x1080' },
  };
  const submit = (payload: object, who: TestMember | null = member) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: who ? who.headers : {},
      payload,
    });
  const stored = (id: string) =>
    testApp.database.kysely
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('stores a request and answers 201 with its id', async () => {
    const response = await submit(valid);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: 'Thanks! We will get back to you within 24-48 hours.',
      data: { id: expect.any(String) },
    });
    expect(await stored(body.data.id)).toMatchObject({
      user_id: member.id,
      category: 'bug',
      priority: 'high',
      subject: 'Images do not load',
      system_info: { browser: 'Firefox 140', screen: '1920x1080' },
    });
  });

  it('keeps no system information unless the member agreed to send it', async () => {
    const response = await submit({ ...valid, include_system_info: false });

    expect(response.statusCode).toBe(201);
    expect((await stored(response.json().data.id)).system_info).toBeNull();
  });

  it.each([
    ['subject', { subject: '' }],
    ['subject', { subject: '   ' }],
    ['description', { description: undefined }],
  ])('asks to fill in all required fields when the %s is missing', async (_, change) => {
    const response = await submit({ ...valid, ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Please fill in all required fields',
    });
  });

  it('counts characters as a person does: 100 emoji fit the subject, 101 letters do not', async () => {
    expect((await submit({ ...valid, subject: '🎉'.repeat(100) })).statusCode).toBe(201);
    const tooLong = await submit({ ...valid, subject: 'a'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Subject must be 100 characters or less');
  });

  it('refuses a description over 1000 characters', async () => {
    expect((await submit({ ...valid, description: 'b'.repeat(1000) })).statusCode).toBe(201);
    const tooLong = await submit({ ...valid, description: 'b'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Description must be 1000 characters or less');
  });

  it.each([
    ['category', { category: 'complaint' }],
    ['priority', { priority: 'whenever' }],
    ['category', { category: undefined }],
  ])('refuses a %s outside the fixed list', async (field, change) => {
    const response = await submit({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Please choose a ${field}`);
  });

  it('refuses system information that is not small', async () => {
    const response = await submit({ ...valid, system_info: { dump: 'x'.repeat(5_000) } });
    expect(response.statusCode).toBe(400);
  });

  it('accepts system information written as text', async () => {
    const response = await submit({ ...valid, system_info: 'Safari 19 on iOS' });
    expect(response.statusCode).toBe(201);
    expect((await stored(response.json().data.id)).system_info).toBe('Safari 19 on iOS');
  });

  it('needs a signed-in member', async () => {
    expect((await submit(valid, null)).statusCode).toBe(401);
  });
});
