import { mutationOptions } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import type { SupportRequest } from './support.api.js';

export const supportMutations = {
  submit: (client: WhispClient) =>
    mutationOptions({
      mutationKey: ['support', 'submit'],
      mutationFn: (input: SupportRequest) => client.support.submit(input),
    }),
};
