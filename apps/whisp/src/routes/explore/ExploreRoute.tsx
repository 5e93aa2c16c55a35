import { useQuery } from '@tanstack/react-query';
import { postQueries, trendQueries } from '@whisp/api-client/react';
import { SearchField, TrendsPanel } from '@whisp/ui';
import Flame from 'lucide-react/icons/flame';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { SUGGESTED_USERS_EXPLORE } from '../../app/panelSizes';
import { SuggestionsPanel } from '../../app/SuggestionsPanel';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import { PostList } from '../../shared/PostList';
import * as page from '../../shared/page.css';

/** Explore: trends, people to follow and the most liked recent whisps. */
export default function ExploreRoute() {
  useDocumentTitle('Explore');
  const navigate = useNavigate();
  const trends = useQuery(trendQueries.list(client, 10));
  const recent = useQuery(postQueries.public(client, 200));
  const popular = [...(recent.data ?? [])]
    .filter((post) => !post.rewhisp_of && !post.is_reply)
    .sort((a, b) => b.like_count + b.rewhisp_count - (a.like_count + a.rewhisp_count))
    .slice(0, 10);

  return (
    <>
      <PageHeader title="Explore" />
      <div className={page.section}>
        <SearchField
          onSubmit={(query) => query && navigate(`/search?q=${encodeURIComponent(query)}`)}
          placeholder="Search whisps, people, #tags"
        />
      </div>
      <div className={page.section}>
        <TrendsPanel
          title="Trending topics"
          trends={trends.data ?? []}
          limit={10}
          status={trends.isPending ? 'loading' : trends.isError ? 'error' : 'success'}
          onRetry={() => void trends.refetch()}
          showMoreHref=""
        />
      </div>
      <div className={page.section}>
        <SuggestionsPanel limit={SUGGESTED_USERS_EXPLORE} />
      </div>
      <section aria-labelledby="popular-title">
        <h2 id="popular-title" className={page.sectionTitle} style={{ padding: '16px 16px 0' }}>
          Popular Posts
        </h2>
        <PostList
          label="Popular Posts"
          posts={popular}
          status={recent.isPending ? 'pending' : recent.isError ? 'error' : 'success'}
          errorMessage="Failed to load posts"
          onRetry={() => void recent.refetch()}
          empty={{
            title: 'Nothing popular yet',
            description: 'The most liked whisps of the moment will show here.',
            icon: <Flame />,
          }}
        />
      </section>
    </>
  );
}
