import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from '@whisp/api-client/react';
import { ConnectionErrorScreen, LoadingScreen } from '@whisp/ui';
import { type ReactNode, useDeferredValue } from 'react';
import { CONNECTING_LABEL } from '../boot/labels';
import { client } from '../client';

/** Product-spec section 2: nothing else renders until GET /health has answered. */
export function StartupHealthGate({ children }: { children: ReactNode }) {
  const health = useQuery(healthQueryOptions(client));
  // What the gate opens onto is most of the app's first render. A query's answer renders at once
  // and in one piece; deferred, it is rendered in slices a slow phone can answer input between,
  // while this screen stays up.
  const open = useDeferredValue(health.isSuccess);

  if (health.isError) {
    return (
      <ConnectionErrorScreen onRetry={() => void health.refetch()} retrying={health.isFetching} />
    );
  }
  if (!open) return <LoadingScreen label={CONNECTING_LABEL} />;
  return children;
}
