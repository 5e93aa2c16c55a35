import { isApiError } from '@whisp/api-client';
import {
  useAcceptFollowRequest,
  useFollowRequests,
  useRejectFollowRequest,
} from '@whisp/api-client/react';
import { FollowRequestList, type FollowRequestMember, memberHandle, useToast } from '@whisp/ui';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { PageHeader } from '../../shared/PageHeader';

const ANSWER_FAILED = 'Your answer was not saved. Try again.';

/** What the server said when it refused, else a general line. */
function refusal(reason: unknown): string {
  return isApiError(reason) && reason.message ? reason.message : ANSWER_FAILED;
}

/**
 * The private member's follow requests, oldest first, each with Accept and Decline. An answered
 * request leaves the list at once and comes back if the server refuses (the hooks do both), so
 * the answers are awaited one by one here only for their toasts.
 */
export default function FollowRequestsRoute() {
  useDocumentTitle('Follow requests');
  const { toast } = useToast();
  const requests = useFollowRequests();
  const accept = useAcceptFollowRequest();
  const reject = useRejectFollowRequest();

  const answer = (member: FollowRequestMember, accepted: boolean) =>
    (accepted ? accept : reject)
      .mutateAsync(member.id)
      .then(() =>
        toast(
          accepted
            ? `${memberHandle(member)} now follows you`
            : `Declined ${memberHandle(member)}’s request`,
        ),
      )
      .catch((reason: unknown) => toast(refusal(reason), { variant: 'error' }));

  return (
    <>
      <PageHeader title="Follow requests" back />
      <FollowRequestList
        requests={requests.data ?? []}
        status={
          requests.isPending ? 'loading' : requests.isError && !requests.data ? 'error' : 'success'
        }
        errorMessage={requests.error ? refusal(requests.error) : undefined}
        onRetry={() => void requests.refetch()}
        onAccept={(member) => void answer(member, true)}
        onDecline={(member) => void answer(member, false)}
      />
    </>
  );
}
