// Story-only wiring of the Composer (1.2) display to @whisp/api-client over the MSW mocks, the
// way the app does it: a whisp whose poll votes and whose "Edited" opens its history, and a
// thread page. The components still know nothing of the server; this file is the "app".
import { useQuery } from '@tanstack/react-query';
import type { Post } from '@whisp/api-client';
import { MOCK_VIEWER } from '@whisp/api-client/mocks';
import {
  postQueries,
  usePostContext,
  usePostHistory,
  useVotePoll,
  useWhispClient,
} from '@whisp/api-client/react';
import { useState } from 'react';
import { EditHistoryDialog } from '../components/EditHistoryDialog/EditHistoryDialog.js';
import { Spinner } from '../components/Spinner/Spinner.js';
import { Thread } from '../components/Thread/Thread.js';
import { WhispCard } from '../components/WhispCard/WhispCard.js';

/** The vote and the history, as the app connects them to a card. */
function useComposerCardProps() {
  const vote = useVotePoll();
  const [historyOf, setHistoryOf] = useState<Post | null>(null);
  const history = usePostHistory(historyOf?.id, { enabled: historyOf !== null });
  const cardProps = {
    currentUserId: MOCK_VIEWER.id,
    onVote: (post: Post, choices: number[]) => {
      if (post.poll) vote.mutate({ pollId: post.poll.id, choices });
    },
    voteError: vote.error?.message ?? null,
    onOpenHistory: setHistoryOf,
  };
  const dialog = (
    <EditHistoryDialog
      open={historyOf !== null}
      onOpenChange={(open) => {
        if (!open) setHistoryOf(null);
      }}
      versions={history.data}
      status={history.isError ? 'error' : history.isPending ? 'loading' : 'success'}
      onRetry={() => void history.refetch()}
    />
  );
  return { cardProps, votePending: vote.isPending, dialog };
}

/** One whisp by id, live against the API: its poll votes, its "Edited" opens the versions. */
export function ConnectedComposerWhisp({ id }: { id: string }) {
  const client = useWhispClient();
  const whisp = useQuery(postQueries.detail(client, id));
  const { cardProps, votePending, dialog } = useComposerCardProps();
  if (!whisp.data) return <Spinner label="Loading whisp" />;
  return (
    <>
      <WhispCard post={whisp.data} pending={{ vote: votePending }} {...cardProps} />
      {dialog}
    </>
  );
}

/** A whisp's page: the thread around it from GET /api/posts/{id}/context. */
export function ConnectedThread({ id, maxDepth }: { id: string; maxDepth?: number }) {
  const client = useWhispClient();
  const whisp = useQuery(postQueries.detail(client, id));
  const context = usePostContext(id);
  const { cardProps, dialog } = useComposerCardProps();
  if (!whisp.data || !context.data) return <Spinner label="Loading thread" />;
  return (
    <>
      <Thread
        post={whisp.data}
        ancestors={context.data.ancestors}
        descendants={context.data.descendants}
        cardProps={cardProps}
        maxDepth={maxDepth}
      />
      {dialog}
    </>
  );
}
