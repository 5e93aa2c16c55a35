import { useQuery } from '@tanstack/react-query';
import type { SuggestedUser } from '@whisp/api-client';
import { userQueries, useToggleFollow } from '@whisp/api-client/react';
import { followStateOf, useToast, WhoToFollowPanel } from '@whisp/ui';
import { useState } from 'react';
import { client } from '../client';

interface SuggestionsPanelProps {
  limit: number;
  title?: string;
  /** Applied while the suggestions load (the right column uses it to keep the panel's height). */
  loadingClassName?: string;
}

/**
 * Who to follow, with follow toggles that change once the server agrees. A private member
 * answers with a request: the cached suggestion then carries `is_requested` (the follow
 * mutation copies it there), so the button reads Requested and a second press withdraws it.
 */
export function SuggestionsPanel({ limit, title, loadingClassName }: SuggestionsPanelProps) {
  const suggestions = useQuery(userQueries.suggested(client, limit));
  const follow = useToggleFollow();
  const { toast } = useToast();
  // Followed here: the suggestion stays, showing Following, until the list reloads.
  const [followingIds, setFollowingIds] = useState<ReadonlySet<string>>(new Set());
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const toggle = (user: SuggestedUser) => {
    if (!user.username) {
      toast('Unable to follow user', { variant: 'error' });
      return;
    }
    const state = followStateOf({
      is_following: followingIds.has(user.id),
      is_requested: user.is_requested,
    });
    setPendingIds((ids) => new Set(ids).add(user.id));
    follow.mutate(
      { id: user.id, following: state === 'not-following' },
      {
        onSuccess: (answer) =>
          setFollowingIds((ids) => {
            const next = new Set(ids);
            if (answer.is_following) next.add(user.id);
            else next.delete(user.id);
            return next;
          }),
        onError: () => toast('Failed to follow/unfollow user', { variant: 'error' }),
        onSettled: () =>
          setPendingIds((ids) => {
            const next = new Set(ids);
            next.delete(user.id);
            return next;
          }),
      },
    );
  };

  return (
    <WhoToFollowPanel
      title={title}
      className={suggestions.isPending ? loadingClassName : undefined}
      users={suggestions.data ?? []}
      status={suggestions.isPending ? 'loading' : suggestions.isError ? 'error' : 'success'}
      onRetry={() => void suggestions.refetch()}
      onFollowToggle={toggle}
      followingIds={followingIds}
      pendingIds={pendingIds}
    />
  );
}
