import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import {
  IDENTITY_MESSAGES,
  OIDC_RETURN_PARAMS,
  oidcFailureMessage,
  readOidcReturn,
} from '@whisp/api-client/contract/identities';
import {
  useConnectIdentity,
  useDisconnectIdentity,
  useIdentities,
  useSignInProviders,
} from '@whisp/api-client/react';
import {
  ConnectedAccounts,
  type ConnectedAccountsRefusal,
  SettingsSection,
  useToast,
} from '@whisp/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as styles from './SettingsRoute.css';

/**
 * Back from a provider after Connect (OIDC_CONNECTED_PATH with `?connected=` or `?error=`): one
 * toast, then the parameters leave the address so a reload does not say it again.
 */
function useConnectionReturn(nameOf: (id: string | null) => string, namesKnown: boolean) {
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const returned = readOidcReturn(params);
  const told = useRef<string | null>(null);
  useEffect(() => {
    const key = returned.connected ?? returned.error;
    if (!key || !namesKnown || told.current === params.toString()) return;
    told.current = params.toString();
    if (returned.connected) {
      toast(IDENTITY_MESSAGES.connected(nameOf(returned.connected)), { variant: 'success' });
    } else if (returned.error) {
      toast(oidcFailureMessage(returned.error, nameOf(returned.provider)), { variant: 'error' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of Object.values(OIDC_RETURN_PARAMS)) next.delete(name);
        return next;
      },
      { replace: true },
    );
  });
}

/**
 * The accounts elsewhere the member signs in with: Connect sends the browser to the provider
 * (it comes back here), Disconnect unlinks one, and the last way in of a member without a
 * password stays, with the server's reason beside it. Hidden where the server offers no provider
 * and none is connected.
 */
export function ConnectedAccountsSection() {
  const { toast } = useToast();
  const providers = useSignInProviders();
  const identities = useIdentities();
  const connect = useConnectIdentity();
  const disconnect = useDisconnectIdentity();
  const [refusal, setRefusal] = useState<ConnectedAccountsRefusal>();
  const nameOf = (id: string | null) =>
    providers.data?.find((provider) => provider.id === id)?.name ??
    identities.data?.find((identity) => identity.provider === id)?.name ??
    id ??
    '';
  useConnectionReturn(nameOf, !providers.isPending);

  const nothingToShow = providers.data?.length === 0 && identities.data?.length === 0;
  if (nothingToShow) return null;
  const failed = providers.isError || identities.isError;

  return (
    <SettingsSection
      title="Connected accounts"
      description="Accounts elsewhere you can sign in with."
    >
      <ConnectedAccounts
        className={styles.flush}
        providers={providers.data ?? []}
        identities={identities.data ?? []}
        status={
          providers.isPending || identities.isPending ? 'loading' : failed ? 'error' : 'success'
        }
        error={(providers.error ?? identities.error)?.message}
        onRetry={() => {
          if (providers.isError) void providers.refetch();
          if (identities.isError) void identities.refetch();
        }}
        pendingIds={[
          ...(connect.isPending && connect.variables ? [connect.variables] : []),
          ...(disconnect.isPending && disconnect.variables ? [disconnect.variables] : []),
        ]}
        refusal={refusal}
        onConnect={(provider) =>
          connect.mutate(provider.id, {
            // The provider's page; it sends the browser back to Settings.
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (error) => toast(error.message, { variant: 'error' }),
          })
        }
        onDisconnect={(identity) => {
          setRefusal(undefined);
          disconnect.mutate(identity.id, {
            onSuccess: ({ message }) => toast(message, { variant: 'success' }),
            onError: (error) => {
              if (isApiError(error) && error.code === ERRORS.lastSignInMethod.code) {
                setRefusal({ identityId: identity.id, message: error.message });
              } else {
                toast(error.message, { variant: 'error' });
              }
            },
          });
        }}
      />
    </SettingsSection>
  );
}
