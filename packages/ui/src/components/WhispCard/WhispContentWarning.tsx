import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type ReactNode, useId, useState } from 'react';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './WhispContentWarning.css.js';

export interface WhispContentWarningProps {
  /** The author's warning (`Post.content_warning`), shown in place of what it folds. */
  warning: string;
  /** The text, media and poll, rendered only once the reader opens them. */
  children: ReactNode;
}

/**
 * A whisp's content warning: the warning with "Show", and the text, media and poll folded until
 * opened. Folded content is not rendered at all, so it is neither read out, nor reachable with
 * Tab, nor loaded (its pictures wait too). Rendered only for whisps that carry a warning.
 */
export function WhispContentWarning({ warning, children }: WhispContentWarningProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div className={styles.warning} data-state={open ? 'open' : 'closed'}>
        <TriangleAlert className={styles.icon} aria-hidden width={16} height={16} />
        <p id={`${id}-warning`} className={styles.text}>
          <VisuallyHidden>Content warning: </VisuallyHidden>
          {warning}
        </p>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          // "Show" alone says little out of context: the warning describes what it shows.
          aria-describedby={`${id}-warning`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      <div id={`${id}-content`} className={styles.content}>
        {open ? children : null}
      </div>
    </>
  );
}
