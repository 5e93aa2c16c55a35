import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { userQueries } from '@whisp/api-client/react';
import { EmptyState, ErrorState, memberHandle, memberHost, Spinner } from '@whisp/ui';
import UserX from 'lucide-react/icons/user-x';
import { client } from '../../client';
import * as page from '../../shared/page.css';
import { PeopleResults, personOf } from './PeopleResults';
import * as styles from './SearchRoute.css';

/**
 * The People section for a search that names a member by handle (`@alice@remote.example`): that
 * member, looked up through `GET /api/users/lookup`, which fetches a member of another server
 * from it the first time, so it can take a moment; or that nobody answers to the handle.
 */
export function MemberLookup({ acct }: { acct: string }) {
  const lookup = useQuery(userQueries.lookup(client, acct));
  const handle = memberHandle({ acct });
  const notFound = lookup.isError && isApiError(lookup.error) && lookup.error.status === 404;
  return (
    <section aria-labelledby="people-title" aria-busy={lookup.isPending || undefined}>
      <h2 id="people-title" className={page.repliesTitle}>
        People
      </h2>
      {lookup.isPending ? (
        <p className={styles.lookupStatus}>
          <Spinner size="sm" decorative />
          <span role="status">
            Looking for {handle} on {memberHost({ acct })}…
          </span>
        </p>
      ) : notFound ? (
        <EmptyState
          icon={<UserX />}
          headingLevel={3}
          title={`We couldn’t find ${handle}`}
          description="Check the handle, or try again later: their server may not be answering."
        />
      ) : lookup.isError ? (
        <ErrorState message={lookup.error.message} onRetry={() => void lookup.refetch()} />
      ) : (
        <PeopleResults people={[personOf(lookup.data)]} />
      )}
    </section>
  );
}
