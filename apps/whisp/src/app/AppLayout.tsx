import { useQuery } from '@tanstack/react-query';
import { messageQueries, notificationQueries, useLiveEvents } from '@whisp/api-client/react';
import { MobileBottomBar, media, type NavigationId, SideNav, WhispSkeletonList } from '@whisp/ui';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { client } from '../client';
import { useMediaQuery } from '../shared/useMediaQuery';
import * as styles from './AppLayout.css';
import { MAIN_ID, SkipToContent } from './a11y/SkipToContent';
import { ComposeProvider, preloadComposeDialog, useCompose } from './ComposeProvider';
import { isStaff } from './guards';
import { PostActionsProvider } from './post-actions/PostActionsProvider';
import { RightSidebar } from './RightSidebar';
import { RouterLink } from './RouterLink';
import { useSession } from './SessionProvider';
import { useComposeShortcut } from './useComposeShortcut';
import { OnMount, useFirstScreenDrawn } from './useFirstScreenDrawn';

const sections: Array<[string, NavigationId]> = [
  ['/explore', 'explore'],
  ['/notifications', 'notifications'],
  ['/messages', 'messages'],
  ['/bookmarks', 'bookmarks'],
  ['/profile', 'profile'],
  ['/search', 'search'],
  ['/settings', 'settings'],
  ['/moderation', 'moderation'],
];

function currentSection(pathname: string): NavigationId | undefined {
  if (pathname === '/') return 'home';
  return sections.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

/** The signed-in frame: navigation, the route, the right column, dialogs and live updates. */
export function AppLayout() {
  return (
    <ComposeProvider>
      <PostActionsProvider>
        <Frame />
      </PostActionsProvider>
    </ComposeProvider>
  );
}

function Frame() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { openCompose } = useCompose();
  useComposeShortcut(openCompose);
  // Notifications and messages arrive over the event stream, or every 30 s while it is down.
  // The badges, the stream and the compose dialog's code wait until the screen has drawn: its
  // own requests go first.
  const { drawn: screenDrawn, markScreenMounted, watcher } = useFirstScreenDrawn();
  useLiveEvents(screenDrawn);
  useEffect(() => {
    if (screenDrawn) preloadComposeDialog();
  }, [screenDrawn]);
  const notifications = useQuery({
    ...notificationQueries.unreadCount(client),
    retry: false,
    enabled: screenDrawn,
  });
  const messages = useQuery({
    ...messageQueries.unreadCount(client),
    retry: false,
    enabled: screenDrawn,
  });
  const badges = {
    notifications: notifications.data ?? 0,
    messages: messages.data ?? 0,
  };
  const current = currentSection(pathname);
  // The side navigation and the right column exist only in the wide layout, the bottom bar only on
  // phones: rendering them hidden would cost the first render time (and the right column two
  // requests the feed's own request waits behind).
  const wide = useMediaQuery(media.wide.replace('screen and ', ''));

  return (
    <div className={styles.shell}>
      <SkipToContent />
      {/* One navigation is ever shown (SideNav when wide, the bottom bar on phones): the other is
          not rendered at all, which on a phone keeps a dozen router links out of the first commit. */}
      {wide ? (
        <SideNav
          current={current}
          badges={badges}
          onCompose={openCompose}
          showModeration={isStaff(session.user?.role)}
          onLogout={async () => {
            await session.signOut();
            navigate('/auth', { replace: true });
          }}
          linkComponent={RouterLink}
        />
      ) : null}
      <main
        id={MAIN_ID}
        // Focusable for the skip link only: reached by it, never by Tab.
        tabIndex={-1}
        className={styles.main}
        data-route={current === 'messages' ? 'messages' : undefined}
      >
        <Suspense
          fallback={
            <div className={styles.routeFallback} aria-busy="true">
              <WhispSkeletonList count={4} />
            </div>
          }
        >
          <Outlet />
          <OnMount callback={markScreenMounted} />
        </Suspense>
        {watcher}
      </main>
      {/* Explore shows trends and suggestions itself; Messages needs the width for two panes. */}
      {!wide || current === 'explore' || current === 'messages' ? null : (
        <aside className={styles.aside} aria-label="Trends and suggestions">
          <RightSidebar />
        </aside>
      )}
      {wide ? null : (
        <MobileBottomBar
          current={current}
          badges={badges}
          // In a chat the floating compose button would sit on the message field's Send button.
          onCompose={current === 'messages' ? undefined : openCompose}
          linkComponent={RouterLink}
        />
      )}
    </div>
  );
}
