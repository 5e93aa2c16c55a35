// Story-only wiring of the connected apps components to @whisp/api-client over its MSW mocks,
// as the app does it in apps/whisp/src/routes/oauth/ and routes/settings/. A story cannot post
// the consent page's form (a browser's service worker never sees a form's navigation): the
// decision's ticket is where it stops, and the play function reads the mock store.
import { isApiError, type OauthAuthorizationQuery } from '@whisp/api-client';
import { MOCK_VIEWER } from '@whisp/api-client/mocks';
import {
  useConnectedApps,
  useDecideAuthorization,
  useOauthAuthorization,
  useRevokeConnectedApp,
} from '@whisp/api-client/react';
import { useState } from 'react';
import { ConnectedAppList } from '../components/ConnectedAppList/ConnectedAppList.js';
import { ConsentCard, type ConsentDecision } from '../components/ConsentCard/ConsentCard.js';
import { useToast } from '../components/Toast/Toast.js';

/** A refusal of the request itself will be the same however often it is asked. */
const refused = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** The consent page for the authorize request `query`, as an app would have sent it. */
export function ConnectedConsent({ query }: { query: OauthAuthorizationQuery }) {
  const authorization = useOauthAuthorization(query);
  const decide = useDecideAuthorization();
  // Kept once the ticket is there: the app's page would be leaving for the app by now.
  const [decided, setDecided] = useState<ConsentDecision>();
  return (
    <ConsentCard
      data-decided={decided}
      status={authorization.isPending ? 'loading' : authorization.isError ? 'error' : 'ready'}
      request={authorization.data}
      username={MOCK_VIEWER.username}
      error={authorization.error?.message}
      onRetry={
        authorization.isError && !refused(authorization.error)
          ? () => void authorization.refetch()
          : undefined
      }
      pending={decided ?? (decide.isPending ? decide.variables.decision : undefined)}
      decisionError={decide.error?.message}
      onAuthorize={() =>
        decide.mutate({ ...query, decision: 'approve' }, { onSuccess: () => setDecided('approve') })
      }
      onDeny={() =>
        decide.mutate({ ...query, decision: 'deny' }, { onSuccess: () => setDecided('deny') })
      }
    />
  );
}

/** Settings' connected apps: Revoke takes the app out at once and says so. */
export function ConnectedAppsSettings() {
  const { toast } = useToast();
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  return (
    <ConnectedAppList
      apps={apps.data ?? []}
      status={apps.isPending ? 'loading' : apps.isError ? 'error' : 'success'}
      error={apps.error?.message}
      onRetry={() => void apps.refetch()}
      pendingIds={revoke.isPending ? [revoke.variables] : []}
      onRevoke={(app) =>
        revoke.mutate(app.id, {
          onSuccess: ({ message }) => toast(message, { variant: 'success' }),
          onError: (error) => toast(error.message, { variant: 'error' }),
        })
      }
    />
  );
}
