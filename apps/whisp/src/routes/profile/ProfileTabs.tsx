import { useInfiniteQuery } from '@tanstack/react-query';
import { isApiError, type Profile, type ProfileTab } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { userQueries } from '@whisp/api-client/react';
import { EmptyState, memberHandle, ProtectedProfileNotice, Tabs } from '@whisp/ui';
import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
import { client } from '../../client';
import { PostList } from '../../shared/PostList';
import * as styles from './ProfileRoute.css';

const labels: Record<ProfileTab, string> = {
  posts: 'Whisps',
  media: 'Media',
  likes: 'Likes',
  rewhisps: 'Rewhisps',
  bookmarks: 'Bookmarks',
};

const emptyCopy: Record<ProfileTab, [own: string, other: string]> = {
  posts: ['You haven’t whisped yet', 'No whisps yet'],
  media: ['No photos or videos yet', 'No photos or videos yet'],
  likes: ['Whisps you like show up here', ''],
  rewhisps: ['Whisps you rewhisp show up here', 'No rewhisps yet'],
  bookmarks: ['Save whisps to find them again here', ''],
};

/** Whisps, Media, Likes, Rewhisps, and Bookmarks on your own profile (product-spec section 2). */
export function ProfileTabs({ profile, isOwn }: { profile: Profile; isOwn: boolean }) {
  const [tab, setTab] = useState<ProfileTab>('posts');
  const tabs: ProfileTab[] = isOwn
    ? ['posts', 'media', 'likes', 'rewhisps', 'bookmarks']
    : ['posts', 'media', 'likes', 'rewhisps'];
  // Someone else's likes are private: nothing to ask the server for.
  const isPrivate = !isOwn && tab === 'likes';
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ProfileTab)}>
      <div className={styles.tabs}>
        <Tabs.List aria-label="Profile sections">
          {tabs.map((id) => (
            <Tabs.Trigger key={id} value={id}>
              {labels[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </div>
      {tabs.map((id) => (
        <Tabs.Content key={id} value={id}>
          {id !== tab ? null : isPrivate ? (
            <EmptyState
              icon={<Lock />}
              title="Likes are private"
              description={`Only ${memberHandle(profile)} can see the whisps they like.`}
            />
          ) : (
            <TabPosts profile={profile} tab={id} isOwn={isOwn} />
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function TabPosts({ profile, tab, isOwn }: { profile: Profile; tab: ProfileTab; isOwn: boolean }) {
  const list = useInfiniteQuery(userQueries.tab(client, profile.id, tab));
  const [ownCopy, otherCopy] = emptyCopy[tab];
  // The member went private (or dropped the viewer) since the profile was read: not an error.
  if (isApiError(list.error) && list.error.code === ERRORS.privateAccount.code && !list.data) {
    return (
      <ProtectedProfileNotice member={profile} requested={profile.is_requested} headingLevel={3} />
    );
  }
  return (
    <PostList
      label={labels[tab]}
      posts={list.data?.pages.flatMap((page) => page.posts) ?? []}
      status={list.isPending ? 'pending' : list.isError && !list.data ? 'error' : 'success'}
      errorMessage="Failed to load posts"
      onRetry={() => void list.refetch()}
      empty={{ title: isOwn ? ownCopy : otherCopy || 'Nothing here yet' }}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      loadMoreFailed={list.isFetchNextPageError}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
