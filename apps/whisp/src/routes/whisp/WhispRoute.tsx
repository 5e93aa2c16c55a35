import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { postQueries } from '@whisp/api-client/react';
import { Button, EmptyState, ErrorState, WhispCard, WhispSkeletonList } from '@whisp/ui';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Link, Navigate, useParams } from 'react-router-dom';
import { openingWords, useDocumentTitle } from '../../app/a11y/documentTitle';
import { usePostActions } from '../../app/post-actions/PostActionsProvider';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import { PostList } from '../../shared/PostList';
import * as page from '../../shared/page.css';

/** A whisp and its replies, oldest first. */
export default function WhispRoute() {
  const { id = '' } = useParams();
  const { cardProps, pendingByPost } = usePostActions();
  const post = useQuery(postQueries.detail(client, id));
  const replies = useInfiniteQuery({ ...postQueries.replies(client, id), enabled: post.isSuccess });
  useDocumentTitle(
    post.data
      ? openingWords(post.data.content) || `Whisp by @${post.data.author.username}`
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
          {post.data.is_reply && post.data.reply_to_id ? (
            <div className={page.section}>
              <Button variant="ghost" size="sm" asChild>
                <Link to={`/whisp/${post.data.reply_to_id}`}>Show the whisp this replies to</Link>
              </Button>
            </div>
          ) : null}
          <WhispCard
            {...cardProps}
            onClick={undefined}
            post={post.data}
            pending={pendingByPost[post.data.id]}
          />
          <h2 className={page.repliesTitle}>Replies</h2>
          <PostList
            label="Replies"
            posts={replies.data?.pages.flatMap((item) => item.posts) ?? []}
            status={
              replies.isPending ? 'pending' : replies.isError && !replies.data ? 'error' : 'success'
            }
            errorMessage="Failed to load posts"
            onRetry={() => void replies.refetch()}
            empty={{
              title: 'No replies yet',
              description: 'Start the conversation.',
              icon: <MessageCircle />,
            }}
            hasMore={replies.hasNextPage}
            loadingMore={replies.isFetchingNextPage}
            onLoadMore={() => void replies.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
