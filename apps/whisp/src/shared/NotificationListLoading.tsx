import { Skeleton } from '@whisp/ui';
import * as styles from './page.css';

/**
 * The notification list while it loads: its own file, so that a page showing it before the list's
 * code has arrived (Home's lazily loaded Notifications tab) need not load the list for it.
 */
export function NotificationListLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading notifications">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className={styles.section} style={{ display: 'flex', gap: 12 }}>
          <Skeleton circle width={40} height={40} />
          <div style={{ flex: 1, display: 'grid', gap: 8 }}>
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </div>
        </div>
      ))}
    </div>
  );
}
