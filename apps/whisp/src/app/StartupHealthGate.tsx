import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from '@whisp/api-client';
import { ConnectionErrorScreen, LoadingScreen } from '@whisp/ui';
import type { ReactNode } from 'react';
import { CONNECTING_LABEL } from '../boot/labels';
import { client } from '../client';

/** Product-spec section 2: nothing else renders until GET /health has answered. */
export function StartupHealthGate({ children }: { children: ReactNode }) {
  const health = useQuery(healthQueryOptions(client));

  if (health.isPending) return <LoadingScreen label={CONNECTING_LABEL} />;
  if (health.isError) {
    return (
      <ConnectionErrorScreen onRetry={() => void health.refetch()} retrying={health.isFetching} />
    );
  }
  return children;
}
