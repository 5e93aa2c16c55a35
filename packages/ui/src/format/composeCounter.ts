import { WHISP_MAX_LENGTH } from '@whisp/api-client/limits';
import { WHISP_COUNTER_WARNING_REMAINING } from '../constants.js';

export type ComposeCounterState = 'normal' | 'warning' | 'over';

const characters = (count: number) => (count === 1 ? '1 character' : `${count} characters`);

/**
 * The compose counter: the length out of 500 while there is room, the characters left once fewer
 * than 20 remain, and how far over the limit a draft is (never a negative number left).
 */
export function composeCounter(length: number): { state: ComposeCounterState; text: string } {
  const remaining = WHISP_MAX_LENGTH - length;
  if (remaining < 0) {
    return { state: 'over', text: `${characters(-remaining)} over the limit` };
  }
  if (remaining < WHISP_COUNTER_WARNING_REMAINING) {
    return { state: 'warning', text: `${characters(remaining)} left` };
  }
  return { state: 'normal', text: `${length} / ${WHISP_MAX_LENGTH}` };
}
