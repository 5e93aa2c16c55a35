import { useInfiniteQuery } from '@tanstack/react-query';
import { MOCK_VIEWER } from '@whisp/api-client/mocks';
import { postQueries, useToggleLike, useWhispClient } from '@whisp/api-client/react';
import { ErrorState, Spinner, useToast, WhispCard } from '@whisp/ui';

/** The first page of the member's "For you" feed as WhispCards, with a working like button. */
export function Feed() {
  const client = useWhispClient();
  const feed = useInfiniteQuery(postQueries.feed(client, 'for-you'));
  const like = useToggleLike();
  const { toast } = useToast();

  if (feed.isPending) return <Spinner label="Loading whisps" />;
  if (feed.isError) {
    return <ErrorState message={feed.error.message} onRetry={() => void feed.refetch()} />;
  }
  return (
    <div className="feed">
      {feed.data.pages[0]?.posts.map((post) => (
        <WhispCard
          key={post.id}
          post={post}
          currentUserId={MOCK_VIEWER.id}
          pending={{ like: like.isPending && like.variables?.id === post.id }}
          onLike={(target) =>
            like.mutate(
              { id: target.id, liked: !target.is_liked },
              { onError: (error) => toast(error.message) },
            )
          }
        />
      ))}
    </div>
  );
}
