import type { InstancePolicy } from '@whisp/api-client';

/** The button (and confirm) that sets each policy. */
export const INSTANCE_POLICY_ACTIONS: Record<InstancePolicy, string> = {
  silence: 'Silence',
  suspend: 'Suspend',
};

/** A server's state under each policy, as its badge reads. */
export const INSTANCE_POLICY_LABELS: Record<InstancePolicy, string> = {
  silence: 'Silenced',
  suspend: 'Suspended',
};

/** What each policy does, in one sentence, wherever a moderator chooses or reads one. */
export const INSTANCE_POLICY_EXPLANATIONS: Record<InstancePolicy, string> = {
  silence: 'Its members reach only their followers here.',
  suspend: 'Nothing is received from it or delivered to it.',
};

/** What lifting each policy gives back, said in the confirmation. */
export const INSTANCE_POLICY_LIFTED: Record<InstancePolicy, string> = {
  silence: 'Once lifted, its members reach everyone here again.',
  suspend: 'Once lifted, its activities are received again and whisps are delivered to it.',
};

export const INSTANCES_EMPTY_TITLE = 'No other servers are known yet';
export const INSTANCES_LOAD_FAILED = 'Failed to load the servers. Please try again.';
