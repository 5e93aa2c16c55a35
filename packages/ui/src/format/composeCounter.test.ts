import { WHISP_MAX_LENGTH } from '@whisp/api-client/limits';
import { describe, expect, it } from 'vitest';
import { composeCounter } from './composeCounter.js';

describe('composeCounter', () => {
  it('shows the length out of the limit while there is room', () => {
    expect(composeCounter(18)).toEqual({ state: 'normal', text: `18 / ${WHISP_MAX_LENGTH}` });
    expect(composeCounter(WHISP_MAX_LENGTH - 20).state).toBe('normal');
  });

  it('warns with the characters left below 20', () => {
    expect(composeCounter(WHISP_MAX_LENGTH - 15)).toEqual({
      state: 'warning',
      text: '15 characters left',
    });
    expect(composeCounter(WHISP_MAX_LENGTH - 1).text).toBe('1 character left');
    expect(composeCounter(WHISP_MAX_LENGTH).text).toBe('0 characters left');
  });

  it('says how far over the limit a draft is, never a negative count left', () => {
    expect(composeCounter(WHISP_MAX_LENGTH + 3)).toEqual({
      state: 'over',
      text: '3 characters over the limit',
    });
    expect(composeCounter(WHISP_MAX_LENGTH + 1).text).toBe('1 character over the limit');
  });
});
