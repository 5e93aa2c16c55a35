import Feather from 'lucide-react/icons/feather';
import LogOut from 'lucide-react/icons/log-out';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import {
  badgeText,
  type NavigationBadges,
  type NavigationId,
  navigationIds,
  navigationItems,
  staffNavigationIds,
} from './navigation.js';
import * as styles from './SideNav.css.js';

export interface SideNavProps extends ComponentPropsWithoutRef<'nav'> {
  /** The destination to mark as the current page. */
  current?: NavigationId;
  /** Unread counts by destination (Notifications, Messages). */
  badges?: NavigationBadges;
  /** Shows the Whisper button, which calls it. */
  onCompose?: () => void;
  /** Shows Log out, which calls it. */
  onLogout?: () => void;
  /** Adds Moderation, for moderators and admins (the page itself must check the role too). */
  showModeration?: boolean;
  /** Renders the navigation's links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/**
 * The left navigation: labels from 1280 px, icons (labels as tooltips) from 769 px, hidden on
 * phones where MobileBottomBar takes over.
 */
export const SideNav = forwardRef<HTMLElement, SideNavProps>(function SideNav(
  {
    current,
    badges = {},
    onCompose,
    onLogout,
    showModeration = false,
    linkComponent,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  const ids = showModeration ? [...navigationIds, ...staffNavigationIds] : navigationIds;
  return (
    <nav ref={ref} aria-label="Main" className={cx(styles.nav, className)} {...props}>
      <Link href="/" className={styles.brand} aria-label="Whisp home">
        <Feather aria-hidden width={28} height={28} />
        <span className={styles.composeLabel}>Whisp</span>
      </Link>
      <ul className={styles.list}>
        {ids.map((id) => {
          const item = navigationItems[id];
          const count = badges[id] ?? 0;
          return (
            <li key={id}>
              <Link
                href={item.href}
                className={styles.link}
                aria-current={current === id ? 'page' : undefined}
              >
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                  {count > 0 ? <span className={styles.badge}>{badgeText(count)}</span> : null}
                </span>
                <span className={styles.label}>
                  {item.label}
                  {count > 0 ? <VisuallyHidden>, {count} unread</VisuallyHidden> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {onCompose ? (
        <Button size="lg" className={styles.compose} onClick={onCompose} aria-label="Whisper">
          <span className={styles.composeIcon} aria-hidden="true">
            <Feather width={22} height={22} />
          </span>
          <span className={styles.composeLabel}>Whisper</span>
        </Button>
      ) : null}
      {onLogout ? (
        <div className={styles.footer}>
          <button type="button" className={cx(styles.link, styles.logout)} onClick={onLogout}>
            <span className={styles.icon} aria-hidden="true">
              <LogOut />
            </span>
            <span className={styles.label}>Logout</span>
          </button>
        </div>
      ) : null}
    </nav>
  );
});
