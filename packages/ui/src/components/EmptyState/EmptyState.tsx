import Inbox from 'lucide-react/icons/inbox';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './EmptyState.css.js';

export interface EmptyStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title'> {
  /** What is empty, as a heading ("No messages yet"). */
  title: ReactNode;
  /** What to do about it, under the title. */
  description?: ReactNode;
  /** A lucide icon; an inbox by default. */
  icon?: ReactNode;
  /** A call to action, e.g. a Button to compose the first whisp. */
  action?: ReactNode;
  /** The heading level that fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
}

/** What a list shows when it has nothing in it, with a hint of what to do. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { title, description, icon, action, headingLevel = 2, className, ...props },
  ref,
) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div ref={ref} className={cx(styles.root, className)} {...props}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <Inbox />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
});
