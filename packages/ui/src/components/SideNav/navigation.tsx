import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import Compass from 'lucide-react/icons/compass';
import House from 'lucide-react/icons/house';
import Mail from 'lucide-react/icons/mail';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import User from 'lucide-react/icons/user';
import type { ReactElement } from 'react';

export const navigationIds = [
  'home',
  'explore',
  'notifications',
  'messages',
  'bookmarks',
  'profile',
  'search',
  'settings',
] as const;
/** Destinations of moderators and admins alone (SideNav's `showModeration`). */
export const staffNavigationIds = ['moderation'] as const;
export type NavigationId = (typeof navigationIds)[number] | (typeof staffNavigationIds)[number];

export interface NavigationItem {
  id: NavigationId;
  label: string;
  href: string;
  icon: ReactElement;
}

/** The product's destinations, in the spec's order (section 2, Layout). */
export const navigationItems: Record<NavigationId, NavigationItem> = {
  home: { id: 'home', label: 'Home', href: '/', icon: <House /> },
  explore: { id: 'explore', label: 'Explore', href: '/explore', icon: <Compass /> },
  notifications: {
    id: 'notifications',
    label: 'Notifications',
    href: '/notifications',
    icon: <Bell />,
  },
  messages: { id: 'messages', label: 'Messages', href: '/messages', icon: <Mail /> },
  bookmarks: { id: 'bookmarks', label: 'Bookmarks', href: '/bookmarks', icon: <Bookmark /> },
  profile: { id: 'profile', label: 'Profile', href: '/profile', icon: <User /> },
  search: { id: 'search', label: 'Search', href: '/search', icon: <Search /> },
  settings: { id: 'settings', label: 'Settings', href: '/settings', icon: <Settings /> },
  moderation: { id: 'moderation', label: 'Moderation', href: '/moderation', icon: <Shield /> },
};

/** Unread counts shown on Notifications and Messages. */
export type NavigationBadges = Partial<Record<NavigationId, number>>;

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
