import type { UserSummary } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import Lock from 'lucide-react/icons/lock';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { memberHandle } from '../MemberHandle/MemberHandle.js';
import * as styles from './ProtectedProfileNotice.css.js';

export interface ProtectedProfileNoticeProps extends ComponentPropsWithoutRef<'div'> {
  /** The private member whose whisps are hidden from you. */
  member: Pick<UserSummary, 'acct'>;
  /** You already asked to follow them: the hint says the request is waiting. */
  requested?: boolean;
  /** The heading level that fits the page's outline (under the profile's own heading). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * In place of a private member's tabs for anyone they have not accepted: the contract's sentence
 * (the same one the server answers with) and how to get to see their whisps.
 */
export const ProtectedProfileNotice = forwardRef<HTMLDivElement, ProtectedProfileNoticeProps>(
  function ProtectedProfileNotice(
    { member, requested = false, headingLevel = 2, className, ...props },
    ref,
  ) {
    const name = memberHandle(member);
    return (
      <EmptyState
        ref={ref}
        className={cx(styles.root, className)}
        data-state={requested ? 'requested' : 'protected'}
        icon={<Lock />}
        headingLevel={headingLevel}
        title={ERRORS.privateAccount.message}
        description={
          requested
            ? `Your follow request is waiting for ${name}'s approval: once they accept it, their whisps appear here and in your feed. Press Requested to withdraw it.`
            : `Only people ${name} approves can see their whisps. Follow ${name} to send a request: their whisps appear here once it is accepted.`
        }
        {...props}
      />
    );
  },
);
