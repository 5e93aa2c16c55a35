import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@whisp/api-client';
import { safetyKeys, safetyMutations, userKeys } from '@whisp/api-client/react';
import { useToast } from '@whisp/ui';
import { useMemo } from 'react';
import { client } from '../../client';

/** Who a block or mute is about: enough to act and to name them in the toast. */
export type SafetyMember = Pick<UserSummary, 'id' | 'username'>;

// Long enough to reach Undo after reading the toast; the same undo stays in Settings.
const UNDO_TOAST_MS = 6_000;

/**
 * Block, unblock, mute and unmute with the toasts that confirm them, each offering Undo (the
 * opposite action). One hook for the whisp menu, the profile and Settings, so every place says
 * the same.
 */
export function useSafetyActions() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { mutate: blockMutate } = useMutation(safetyMutations.block(client, queryClient));
  const { mutate: muteMutate } = useMutation(safetyMutations.mute(client, queryClient));

  return useMemo(() => {
    const setBlocking = (member: SafetyMember, blocking: boolean) => {
      const name = `@${member.username}`;
      blockMutate(
        { id: member.id, blocking },
        {
          onSuccess: () => {
            // A blocked profile answers 404 and an unblocked one comes back: read it anew.
            void queryClient.invalidateQueries({ queryKey: userKeys.byUsername(member.username) });
            toast(blocking ? `Blocked ${name}` : `Unblocked ${name}`, {
              duration: UNDO_TOAST_MS,
              action: {
                label: 'Undo',
                altText: `${blocking ? 'Unblock' : 'Block'} ${name} from Settings, Muted and blocked`,
                onAction: () => setBlocking(member, !blocking),
              },
            });
          },
          onError: (failure) =>
            toast(failure.message || `Failed to ${blocking ? 'block' : 'unblock'} ${name}`, {
              variant: 'error',
            }),
        },
      );
    };
    const setMuting = (member: SafetyMember, muting: boolean) => {
      const name = `@${member.username}`;
      muteMutate(
        { id: member.id, muting },
        {
          onSuccess: () =>
            toast(muting ? `Muted ${name}` : `Unmuted ${name}`, {
              duration: UNDO_TOAST_MS,
              action: {
                label: 'Undo',
                altText: `${muting ? 'Unmute' : 'Mute'} ${name} from Settings, Muted and blocked`,
                onAction: () => setMuting(member, !muting),
              },
            }),
          onError: (failure) =>
            toast(failure.message || `Failed to ${muting ? 'mute' : 'unmute'} ${name}`, {
              variant: 'error',
            }),
        },
      );
    };
    return {
      block: (member: SafetyMember) => setBlocking(member, true),
      unblock: (member: SafetyMember) => setBlocking(member, false),
      mute: (member: SafetyMember) => setMuting(member, true),
      unmute: (member: SafetyMember) => setMuting(member, false),
    };
  }, [blockMutate, muteMutate, queryClient, toast]);
}

/** Ids of members whose block or unblock (`'block'`), mute or unmute (`'mute'`) is in flight. */
export function usePendingSafetyIds(kind: 'block' | 'mute'): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: [...safetyKeys.all, kind], status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id: string } | undefined)?.id ?? '',
  });
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key is the identity.
  return useMemo(() => new Set(ids), [key]);
}
