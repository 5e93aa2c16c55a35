import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@whisp/api-client';
import { safetyKeys, safetyMutations, userKeys } from '@whisp/api-client/react';
import { memberHandle, useToast } from '@whisp/ui';
import { useMemo } from 'react';
import { client } from '../../client';

/** Who a block or mute is about: enough to act and to name them in the toast. */
export type SafetyMember = Pick<UserSummary, 'id' | 'acct'>;

/** How a block or mute was asked for, which decides where focus goes after it. */
export interface SafetyActionOptions {
  /**
   * Asked for from a menu or a dialog that is gone by now (a whisp's More menu, a profile's
   * menu, the block confirmation): the toast's Undo takes focus, one Enter away. Settings' own
   * buttons leave it off: focus stays in their list.
   */
  focusUndo?: boolean;
  /** Runs once the server agreed, before the toast shows (closes the confirmation). */
  onDone?: () => void;
}

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
    const setBlocking = (
      member: SafetyMember,
      blocking: boolean,
      { focusUndo = false, onDone }: SafetyActionOptions = {},
    ) => {
      const name = memberHandle(member);
      blockMutate(
        { id: member.id, blocking },
        {
          onSuccess: () => {
            // A blocked profile answers 404 and an unblocked one comes back: read it anew.
            void queryClient.invalidateQueries({ queryKey: userKeys.byUsername(member.acct) });
            onDone?.();
            // The library's duration for a toast with an action: long enough to reach Undo.
            toast(blocking ? `Blocked ${name}` : `Unblocked ${name}`, {
              focusAction: focusUndo,
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
    const setMuting = (
      member: SafetyMember,
      muting: boolean,
      { focusUndo = false, onDone }: SafetyActionOptions = {},
    ) => {
      const name = memberHandle(member);
      muteMutate(
        { id: member.id, muting },
        {
          onSuccess: () => {
            onDone?.();
            toast(muting ? `Muted ${name}` : `Unmuted ${name}`, {
              focusAction: focusUndo,
              action: {
                label: 'Undo',
                altText: `${muting ? 'Unmute' : 'Mute'} ${name} from Settings, Muted and blocked`,
                onAction: () => setMuting(member, !muting),
              },
            });
          },
          onError: (failure) =>
            toast(failure.message || `Failed to ${muting ? 'mute' : 'unmute'} ${name}`, {
              variant: 'error',
            }),
        },
      );
    };
    return {
      block: (member: SafetyMember, options?: SafetyActionOptions) =>
        setBlocking(member, true, options),
      unblock: (member: SafetyMember, options?: SafetyActionOptions) =>
        setBlocking(member, false, options),
      mute: (member: SafetyMember, options?: SafetyActionOptions) =>
        setMuting(member, true, options),
      unmute: (member: SafetyMember, options?: SafetyActionOptions) =>
        setMuting(member, false, options),
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
