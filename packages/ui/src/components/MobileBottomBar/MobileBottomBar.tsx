import Feather from 'lucide-react/icons/feather';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { Button } from '../Button/Button.js';
import {
  badgeText,
  type NavigationBadges,
  type NavigationId,
  navigationItems,
} from '../SideNav/navigation.js';
import * as sideNavStyles from '../SideNav/SideNav.css.js';
import * as styles from './MobileBottomBar.css.js';

/** Product spec: the phone bar holds Home, Explore, Messages and Profile, plus compose. */
export const mobileNavigationIds = [
  'home',
  'explore',
  'messages',
  'profile',
] as const satisfies readonly NavigationId[];

export interface MobileBottomBarProps extends ComponentPropsWithoutRef<'nav'> {
  /** The destination to mark as the current page. */
  current?: NavigationId;
  /** Unread counts by destination (Notifications, Messages). */
  badges?: NavigationBadges;
  /** Shows the compose button, which calls it. */
  onCompose?: () => void;
  /** Renders the bar's links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/** The phone navigation (under 769 px), with a floating compose button above it. */
export const MobileBottomBar = forwardRef<HTMLElement, MobileBottomBarProps>(
  function MobileBottomBar(
    { current, badges = {}, onCompose, linkComponent, className, ...props },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    return (
      <>
        <nav ref={ref} aria-label="Main" className={cx(styles.bar, className)} {...props}>
          {mobileNavigationIds.map((id) => {
            const item = navigationItems[id];
            const count = badges[id] ?? 0;
            return (
              <Link
                key={id}
                href={item.href}
                className={styles.link}
                aria-current={current === id ? 'page' : undefined}
                aria-label={count > 0 ? `${item.label}, ${count} unread` : item.label}
              >
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                  {count > 0 ? (
                    <span className={sideNavStyles.badge}>{badgeText(count)}</span>
                  ) : null}
                </span>
              </Link>
            );
          })}
        </nav>
        {onCompose ? (
          <Button className={styles.compose} onClick={onCompose} aria-label="Whisper">
            <Feather aria-hidden width={24} height={24} />
          </Button>
        ) : null}
      </>
    );
  },
);
