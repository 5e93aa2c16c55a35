import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';

export const followStates = ['not-following', 'requested', 'following'] as const;
export type FollowState = (typeof followStates)[number];

/** What the button says in each state (lists add the member's name after it). */
export const followLabels: Readonly<Record<FollowState, string>> = {
  'not-following': 'Follow',
  requested: 'Requested',
  following: 'Following',
};

/** Where the viewer stands with a member, from a profile's `is_following` and `is_requested`. */
export function followStateOf(relation: {
  is_following: boolean;
  is_requested?: boolean;
}): FollowState {
  if (relation.is_following) return 'following';
  return relation.is_requested ? 'requested' : 'not-following';
}

export interface FollowButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children'> {
  /**
   * Follow, Following, or Requested while a private member, or a remote member's server, has not
   * answered yet.
   */
  state: FollowState;
  /**
   * The member's `acct` (`alice`, or `alice@remote.example` for a member of another server), for
   * the hint a screen reader hears on "Requested".
   */
  username: string;
  /** The change is on its way: the button shows progress and ignores further presses. */
  pending?: boolean;
  /** `sm` in dense rows. */
  size?: 'sm' | 'md';
}

/**
 * Follow, Following, or Requested. Pressing Requested withdraws the request at once, as Mastodon
 * does: asking again is one press of Follow, so a confirmation would only slow down the undo.
 */
export const FollowButton = forwardRef<HTMLButtonElement, FollowButtonProps>(function FollowButton(
  { state, username, pending = false, size = 'md', 'aria-describedby': describedBy, ...props },
  ref,
) {
  const hintId = useId();
  const requested = state === 'requested';
  return (
    <>
      <Button
        ref={ref}
        size={size}
        variant={state === 'not-following' ? 'primary' : 'secondary'}
        loading={pending}
        data-state={state}
        // The visible label stays the accessible name (voice control users say what they see);
        // what Requested means, and that pressing it withdraws, is the description.
        aria-describedby={
          [describedBy, requested ? hintId : undefined].filter(Boolean).join(' ') || undefined
        }
        {...props}
      >
        {followLabels[state]}
      </Button>
      {requested ? (
        <VisuallyHidden id={hintId}>
          Waiting for @{username} to approve. Press to withdraw the request.
        </VisuallyHidden>
      ) : null}
    </>
  );
});
