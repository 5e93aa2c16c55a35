import { useQuery } from '@tanstack/react-query';
import { searchQueries } from '@whisp/api-client/react';
import { EmptyState, ErrorState, SearchField, useToast } from '@whisp/ui';
import SearchIcon from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import { PostList } from '../../shared/PostList';
import * as page from '../../shared/page.css';
import { MemberLookup } from './MemberLookup';
import { PeopleResults } from './PeopleResults';
import { handleSearchedFor } from './remoteHandle';

const SEARCH_FAILED = 'Search failed. Please try again.';

/**
 * /search?q=…: whisps and people, or a hashtag's whisps when q starts with #. A handle with a
 * server (`@alice@remote.example`) looks that member up, from their server if need be.
 */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [value, setValue] = useState(q);
  // A hashtag link or the back button changes q from outside the field.
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setValue(q);
  }
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  // The field reports the words the address already holds too (after a hashtag link or Back):
  // no navigation for them, which would also cancel one to another page still loading.
  const search = (next: string) => {
    if (next !== q) setParams(next ? { q: next } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title="Search" />
      <div className={page.section}>
        <SearchField
          value={value}
          onValueChange={setValue}
          onSearch={search}
          onSubmit={search}
          placeholder="Search whisps, people, #tags"
        />
      </div>
      {!q ? (
        <EmptyState
          icon={<SearchIcon />}
          title="Search Whisp"
          description="Find whisps and people by keyword, a topic with #hashtag, or a member of another server by handle (@name@server)."
        />
      ) : q.startsWith('#') ? (
        <HashtagResults tag={q.slice(1)} />
      ) : (
        <AllResults q={q} />
      )}
    </>
  );
}

function useFailureToast(failed: boolean) {
  const { toast } = useToast();
  useEffect(() => {
    if (failed) toast(SEARCH_FAILED, { variant: 'error' });
  }, [failed, toast]);
}

function HashtagResults({ tag }: { tag: string }) {
  const results = useQuery(searchQueries.hashtag(client, tag));
  useFailureToast(results.isError);
  return (
    <section aria-labelledby="hashtag-title">
      <h2 id="hashtag-title" className={page.repliesTitle}>
        #{results.data?.hashtag ?? tag}
        {results.data ? (
          <span className={page.subtitle}>
            {results.data.post_count} {results.data.post_count === 1 ? 'whisp' : 'whisps'}
          </span>
        ) : null}
      </h2>
      <PostList
        label={`Whisps tagged #${tag}`}
        posts={results.data?.posts ?? []}
        status={results.isPending ? 'pending' : results.isError ? 'error' : 'success'}
        errorMessage={SEARCH_FAILED}
        onRetry={() => void results.refetch()}
        empty={{ title: `No whisps with #${tag} yet`, icon: <SearchIcon /> }}
      />
    </section>
  );
}

function AllResults({ q }: { q: string }) {
  const results = useQuery(searchQueries.results(client, q));
  // A handle names one member: the lookup's answer is the People section, and the whisps
  // that mention it still follow.
  const handle = handleSearchedFor(q);
  useFailureToast(results.isError);
  if (results.isError && !handle) {
    return <ErrorState message={SEARCH_FAILED} onRetry={() => void results.refetch()} />;
  }
  const nothing =
    !handle && results.data && results.data.posts.length === 0 && results.data.users.length === 0;
  if (nothing) {
    return (
      <EmptyState
        icon={<SearchIcon />}
        title={`No results for “${q}”`}
        description="Try other words, or a #hashtag."
      />
    );
  }
  return (
    <>
      {handle ? (
        <MemberLookup acct={handle} />
      ) : results.data && results.data.users.length > 0 ? (
        <section aria-labelledby="people-title">
          <h2 id="people-title" className={page.repliesTitle}>
            People
          </h2>
          <PeopleResults people={results.data.users} />
        </section>
      ) : null}
      <section aria-labelledby="whisps-title">
        <h2 id="whisps-title" className={page.repliesTitle}>
          Whisps
        </h2>
        <PostList
          label="Matching whisps"
          posts={results.data?.posts ?? []}
          status={results.isPending ? 'pending' : results.isError ? 'error' : 'success'}
          errorMessage={SEARCH_FAILED}
          onRetry={() => void results.refetch()}
          empty={{ title: `No whisps match “${q}”` }}
        />
      </section>
    </>
  );
}
