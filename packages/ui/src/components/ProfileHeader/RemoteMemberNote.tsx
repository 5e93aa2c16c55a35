import { ERRORS } from '@whisp/api-client/contract/errors';
import ExternalLink from 'lucide-react/icons/external-link';
import Globe from 'lucide-react/icons/globe';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './RemoteMemberNote.css.js';

/**
 * Why a member of another server has no Message button: direct messages do not federate yet.
 * One sentence for every place that has to say it (the profile, the app's messages screen).
 */
export const REMOTE_MEMBER_MESSAGES_UNAVAILABLE = ERRORS.messagesToOtherServers.message;

export interface RemoteMemberNoteProps extends ComponentPropsWithoutRef<'div'> {
  /** Their server (`remote.example`). */
  host: string;
  /** Their profile page on it (a profile's `url`). */
  url: string;
}

/**
 * Under a remote member's names: which server they are on, a way to their page there (a new tab,
 * with neither opener nor referrer: it is another site), and that messages cannot reach them.
 */
export const RemoteMemberNote = forwardRef<HTMLDivElement, RemoteMemberNoteProps>(
  function RemoteMemberNote({ host, url, className, ...props }, ref) {
    return (
      <div ref={ref} className={cx(styles.root, className)} data-host={host} {...props}>
        <Globe aria-hidden className={styles.icon} width={18} height={18} />
        <div className={styles.text}>
          <p className={styles.line}>This member is on {host}</p>
          <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer">
            View on {host}
            <ExternalLink aria-hidden width={14} height={14} />
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
          <p className={cx(styles.line, styles.muted)}>{REMOTE_MEMBER_MESSAGES_UNAVAILABLE}</p>
        </div>
      </div>
    );
  },
);
