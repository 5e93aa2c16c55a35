// Story-only wiring of the sign-in provider components to @whisp/api-client over its MSW mocks,
// as the app does it in apps/whisp/src/routes/auth/ and routes/settings/. The mocks cannot send
// a browser to a provider: a story reads the address the app would open and treats it as the
// page the browser would come back to.
import { isApiError, type OidcCompletion } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import {
  IDENTITY_MESSAGES,
  oidcFailureMessage,
  readOidcReturn,
} from '@whisp/api-client/contract/identities';
import {
  useCompleteOidcSignIn,
  useConnectIdentity,
  useDisconnectIdentity,
  useIdentities,
  useSignInProviders,
  useWhispClient,
} from '@whisp/api-client/react';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '../components/AuthCard/AuthCard.js';
import {
  ConnectedAccounts,
  type ConnectedAccountsRefusal,
} from '../components/ConnectedAccounts/ConnectedAccounts.js';
import { ProviderSignIn } from '../components/ProviderSignIn/ProviderSignIn.js';
import { useToast } from '../components/Toast/Toast.js';

/** The sign-in card with a "Continue with" link for each provider the server lists. */
export function ConnectedAuthCard() {
  const client = useWhispClient();
  const providers = useSignInProviders();
  return (
    <AuthCard
      onSubmit={() => {}}
      // For a story's play function: whether the list has arrived (an empty list looks the same).
      data-providers={providers.isPending ? 'loading' : 'settled'}
      providers={(providers.data ?? []).map((provider) => ({
        ...provider,
        href: client.identities.startUrl(provider.id),
      }))}
    />
  );
}

/** Settings → Account's connected accounts: Connect comes back with `?connected=` or `?error=`. */
export function ConnectedIdentities() {
  const { toast } = useToast();
  const providers = useSignInProviders();
  const identities = useIdentities();
  const connect = useConnectIdentity();
  const disconnect = useDisconnectIdentity();
  const [refusal, setRefusal] = useState<ConnectedAccountsRefusal>();
  const nameOf = (id: string | null) =>
    providers.data?.find((provider) => provider.id === id)?.name ?? id ?? '';
  const failed = providers.isError || identities.isError;
  return (
    <ConnectedAccounts
      providers={providers.data ?? []}
      identities={identities.data ?? []}
      status={
        providers.isPending || identities.isPending ? 'loading' : failed ? 'error' : 'success'
      }
      error={(providers.error ?? identities.error)?.message}
      onRetry={() => {
        void providers.refetch();
        void identities.refetch();
      }}
      pendingIds={[
        ...(connect.isPending && connect.variables ? [connect.variables] : []),
        ...(disconnect.isPending && disconnect.variables ? [disconnect.variables] : []),
      ]}
      refusal={refusal}
      onConnect={(provider) =>
        connect.mutate(provider.id, {
          onSuccess: ({ url }) => {
            // Where the app sends the browser, and the page it comes back to, at once.
            const back = readOidcReturn(new URL(url, window.location.href).search);
            if (back.connected) {
              toast(IDENTITY_MESSAGES.connected(nameOf(back.connected)), { variant: 'success' });
              void identities.refetch();
            } else if (back.error) {
              toast(oidcFailureMessage(back.error, nameOf(back.provider)), { variant: 'error' });
            }
          },
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
  );
}

/** Refusals of a chosen username, shown under its field; any other failure ends the page. */
const usernameRefusals: readonly string[] = [
  ERRORS.usernameTaken.code,
  ERRORS.usernameReserved.code,
  ERRORS.invalidRequest.code,
];

/**
 * The page a provider's callback sends the browser to (`returnSearch`: its query string):
 * finishes the sign-in as the app does, or shows the failure the address names.
 */
export function ConnectedProviderSignIn({ returnSearch = '' }: { returnSearch?: string }) {
  const providers = useSignInProviders();
  const { mutate, isPending } = useCompleteOidcSignIn();
  const [asked, setAsked] = useState<Extract<OidcCompletion, { status: 'username-needed' }>>();
  const [signedInAs, setSignedInAs] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [usernameError, setUsernameError] = useState<string>();
  const [leftForSignIn, setLeftForSignIn] = useState(false);
  const returned = readOidcReturn(returnSearch);
  const finish = (username?: string) =>
    mutate(username, {
      onSuccess: (completion) => {
        if (completion.status === 'signed-in') setSignedInAs(completion.session.user.username);
        else setAsked(completion);
      },
      onError: (error) => {
        if (username !== undefined && isApiError(error) && usernameRefusals.includes(error.code)) {
          setUsernameError(error.message);
        } else {
          setFailure(error.message);
        }
      },
    });
  // Once per page: the ticket works once, and a second request would read as a replay.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || returned.error) return;
    started.current = true;
    finish();
  });

  if (leftForSignIn) return <p>The sign-in page</p>;
  if (signedInAs) return <p role="status">Signed in as @{signedInAs}</p>;
  const backToSignIn = () => setLeftForSignIn(true);
  // A failure names its provider: wait for the list that gives its name.
  if ((returned.error || failure) && !providers.isPending) {
    const name =
      providers.data?.find((provider) => provider.id === returned.provider)?.name ??
      returned.provider ??
      '';
    return (
      <ProviderSignIn
        step="failed"
        providerName={name || undefined}
        message={returned.error ? oidcFailureMessage(returned.error, name) : failure}
        onBackToSignIn={backToSignIn}
      />
    );
  }
  if (asked) {
    return (
      <ProviderSignIn
        step="username"
        providerName={asked.provider.name}
        message={asked.message}
        suggestedUsername={asked.suggestedUsername}
        displayName={asked.displayName}
        submitting={isPending}
        usernameError={usernameError}
        onSubmitUsername={(username) => {
          setUsernameError(undefined);
          finish(username);
        }}
        onBackToSignIn={backToSignIn}
      />
    );
  }
  return <ProviderSignIn step="working" />;
}
