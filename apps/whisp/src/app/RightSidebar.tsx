import { useQuery } from '@tanstack/react-query';
import { trendQueries } from '@whisp/api-client/react';
import { TrendsPanel } from '@whisp/ui';
import { client } from '../client';
import { SUGGESTED_USERS_SIDEBAR } from './panelSizes';
import * as styles from './RightSidebar.css';
import { SuggestionsPanel } from './SuggestionsPanel';

/** The wide layout's right column: top 5 trends and 3 people to follow (product-spec section 2). */
export function RightSidebar() {
  const trends = useQuery(trendQueries.list(client));
  return (
    <>
      <TrendsPanel
        trends={trends.data ?? []}
        status={trends.isPending ? 'loading' : trends.isError ? 'error' : 'success'}
        onRetry={() => void trends.refetch()}
        showMoreHref="/explore"
        className={trends.isPending ? styles.trendsLoading : undefined}
      />
      <SuggestionsPanel
        limit={SUGGESTED_USERS_SIDEBAR}
        loadingClassName={styles.suggestionsLoading}
      />
    </>
  );
}
