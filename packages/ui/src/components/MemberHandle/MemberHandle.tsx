import { parseAcct } from '@whisp/api-client/contract/member-address';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { mentionHref } from '../../format/content.js';
import { cx } from '../../utilities/cx.js';
import * as styles from './MemberHandle.css.js';

/** A member as the API names one everywhere (`UserSummary`, `Profile`, `SuggestedUser`). */
export interface MemberAddress {
  /** `alice` for a member of this server, `alice@remote.example` for a member of another. */
  acct: string;
}

/** `@alice`, or `@alice@remote.example` for a member of another server, for labels and toasts. */
export function memberHandle({ acct }: MemberAddress): string {
  return `@${acct}`;
}

/** The app's page of a member, `/user/{acct}`: a remote member's handle is unique, a username not. */
export function memberHref({ acct }: MemberAddress): string {
  return mentionHref(acct);
}

/** The server a member of another server is on (`remote.example`); undefined for this server's. */
export function memberHost({ acct }: MemberAddress): string | undefined {
  return parseAcct(acct)?.host ?? undefined;
}

export interface MemberHandleProps extends ComponentPropsWithoutRef<'span'>, MemberAddress {}

/**
 * A member's @handle on one line. A long one ends in an ellipsis instead of widening its row; the
 * whole handle stays in the text (screen readers and copying read all of it) and in the tooltip.
 * Its row must let it shrink: a flex item with `min-width: 0`, or a block of bounded width.
 */
export const MemberHandle = forwardRef<HTMLSpanElement, MemberHandleProps>(function MemberHandle(
  { acct, className, ...props },
  ref,
) {
  const handle = memberHandle({ acct });
  return (
    <span
      ref={ref}
      className={cx(styles.handle, className)}
      title={handle}
      data-remote={memberHost({ acct }) ? true : undefined}
      {...props}
    >
      {handle}
    </span>
  );
});
