import {
  countCharacters,
  VALIDATION_MESSAGES,
  validatePasswordConfirmation,
  validateRegistration,
} from '@whisp/api-client/validation';
import { describe, expect, it } from 'vitest';

// The rules live in @whisp/api-client so the sign-up form and the server say the same words;
// the server's routes prove them over HTTP, these the parts only the form uses.
describe('shared validation rules', () => {
  it('counts characters as a person sees them', () => {
    expect(countCharacters('héllo')).toBe(5);
    expect(countCharacters('👍🏽🇫🇷👨‍👩‍👧')).toBe(3);
  });

  it('asks for the confirmation, then for it to match', () => {
    expect(validatePasswordConfirmation('secret12', '')).toBe('Please confirm your password');
    expect(validatePasswordConfirmation('secret12', 'secret13')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('secret12', 'secret12')).toBeUndefined();
  });

  it('finds nothing wrong with a complete sign-up', () => {
    expect(
      validateRegistration({
        email: 'a@b.co',
        password: '12345678',
        username: 'a_1',
        display_name: 'A',
        bio: null,
      }),
    ).toEqual({});
  });

  it('uses the wording of the product spec', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      emailRequired: 'Email is required',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters',
      emailInvalid: 'Please enter a valid email address',
      usernameInvalid: 'Username can only contain letters, numbers, and underscores',
      displayNameRequired: 'Display name is required',
      usernameRequired: 'Username is required',
      bioTooLong: 'Bio must be 160 characters or less',
    });
  });
});
