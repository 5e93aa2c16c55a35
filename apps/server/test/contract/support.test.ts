import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, ok, signUp, TARGETS, useTarget } from './target.js';

const MISSING = 'Please fill in all required fields';

describe.each(TARGETS)('support requests (%s)', (name) => {
  const target = useTarget(name);
  const request = {
    category: 'bug',
    priority: 'high',
    subject: 'The feed is empty',
    description: 'Since this morning my feed shows nothing.',
    include_system_info: true,
    system_info: { browser: 'Firefox' },
  };

  it.each([
    ['general', 'low'],
    ['account', 'medium'],
    ['bug', 'high'],
    ['feature', 'urgent'],
    ['safety', 'low'],
    ['other', 'medium'],
  ])('takes a %s request of %s priority with 201', async (category, priority) => {
    const member = await signUp(target);
    const body = ok(
      await target.call('POST', '/api/support', {
        token: member.token,
        json: { ...request, category, priority },
      }),
      201,
    );
    expect(body).toEqual({
      success: true,
      message: 'Thanks! We will get back to you within 24-48 hours.',
      data: { id: expect.any(String) },
    });
  });

  it('refuses a category or priority outside the lists, naming each', async () => {
    const member = await signUp(target);
    const send = (json: unknown) =>
      target.call('POST', '/api/support', { token: member.token, json });
    expectInvalid(
      await send({ ...request, category: 'billing' }),
      'category',
      'Please choose a category',
    );
    expectInvalid(
      await send({ ...request, priority: undefined }),
      'priority',
      'Please choose a priority',
    );
    expectError(
      await send({ ...request, category: 'x', priority: 'y' }),
      400,
      'VALIDATION_ERROR',
      'Please choose a category',
      [
        { field: 'category', message: 'Please choose a category' },
        { field: 'priority', message: 'Please choose a priority' },
      ],
    );
    expectInvalid(
      await send({ ...request, include_system_info: 'yes' }),
      'include_system_info',
      'Include system info must be true or false',
    );
  });

  it('asks for a subject and a description, within their lengths counted as people see them', async () => {
    const member = await signUp(target);
    const send = (json: unknown) =>
      target.call('POST', '/api/support', { token: member.token, json });
    expectError(
      await send({ ...request, subject: ' ', description: '' }),
      400,
      'VALIDATION_ERROR',
      MISSING,
      [
        { field: 'subject', message: MISSING },
        { field: 'description', message: MISSING },
      ],
    );
    expectInvalid(await send({ ...request, description: undefined }), 'description', MISSING);
    expectInvalid(
      await send({ ...request, subject: '🙂'.repeat(101) }),
      'subject',
      'Subject must be 100 characters or less',
    );
    ok(await send({ ...request, subject: '👩‍👩‍👧‍👦'.repeat(100) }), 201);
    expectInvalid(
      await send({ ...request, description: 'x'.repeat(1001) }),
      'description',
      'Description must be 1000 characters or less',
    );
  });
});
