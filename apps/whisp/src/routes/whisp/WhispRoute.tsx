import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { postQueries, usePostContext } from '@whisp/api-client/react';
import {
  EmptyState,
  ErrorState,
  memberHandle,
  Thread,
  WhispCard,
  WhispSkeletonList,
} from '@whisp/ui';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Navigate, useParams } from 'react-router-dom';
import { openingWords, useDocumentTitle } from '../../app/a11y/documentTitle';
import { usePostActions } from '../../app/post-actions/PostActionsProvider';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';

/**
 * A whisp in its thread: the whisps it answers above it, then its replies nested under a line per
 * level, from GET /api/posts/{id}/context. A reply posted from here shows in place, marked.
 */
export default function WhispRoute() {
  const { id = '' } = useParams();
  const { cardProps, pendingByPost, lastReplyId } = usePostActions();
  const post = useQuery(postQueries.detail(client, id));
  const context = usePostContext(id, { enabled: post.isSuccess && !post.data.rewhisp_of });
  useDocumentTitle(
    post.data
      ? openingWords(post.data.content) || `Whisp by ${memberHandle(post.data.author)}`
      : post.isError
        ? 'Whisp not found'
        : undefined,
  );

  if (post.data?.rewhisp_of) return <Navigate to={`/whisp/${post.data.rewhisp_of.id}`} replace />;

  return (
    <>
      <PageHeader title="Whisp" back />
      {post.isPending ? (
        <WhispSkeletonList count={1} />
      ) : post.isError ? (
        isApiError(post.error) && post.error.status === 404 ? (
          <EmptyState title="This whisp is gone" description="It was deleted, or never existed." />
        ) : (
          <ErrorState message={post.error.message} onRetry={() => void post.refetch()} />
        )
      ) : (
        <>
          <Thread
            ancestors={context.data?.ancestors ?? []}
            post={post.data}
            descendants={context.data?.descendants ?? []}
            highlightId={lastReplyId}
            renderCard={(item, { place }) => (
              <WhispCard
                {...cardProps}
                // The page's own whisp is where a click leads; the others open their own page.
                onClick={place === 'post' ? undefined : cardProps.onClick}
                post={item}
                pending={pendingByPost[item.id]}
              />
            )}
          />
          {context.isPending ? (
            <WhispSkeletonList count={2} />
          ) : context.isError && !context.data ? (
            <ErrorState message="Failed to load replies" onRetry={() => void context.refetch()} />
          ) : context.data?.descendants.length === 0 ? (
            <EmptyState
              title="No replies yet"
              description="Start the conversation."
              icon={<MessageCircle />}
            />
          ) : null}
        </>
      )}
    </>
  );
}
