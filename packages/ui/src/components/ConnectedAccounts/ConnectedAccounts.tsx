import type { Identity, OidcProvider } from '@whisp/api-client';
import KeyRound from 'lucide-react/icons/key-round';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ConnectedAccounts.css.js';

export const connectedAccountsStatuses = ['loading', 'error', 'success'] as const;
export type ConnectedAccountsStatus = (typeof connectedAccountsStatuses)[number];

/** Why a disconnection was refused, shown under its row (the server's LAST_SIGN_IN_METHOD words). */
export interface ConnectedAccountsRefusal {
  identityId: string;
  message: string;
}

export interface ConnectedAccountsProps extends ComponentPropsWithoutRef<'div'> {
  /** The providers the server offers, in its order: each one not connected gets "Connect". */
  providers: readonly OidcProvider[];
  /** The member's connected provider accounts, each with "Disconnect". */
  identities: readonly Identity[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the rows. */
  status?: ConnectedAccountsStatus;
  /** Sends the member to the provider to connect their account there. */
  onConnect: (provider: OidcProvider) => void;
  onDisconnect: (identity: Identity) => void;
  /** Provider ids being connected and identity ids being disconnected: their buttons spin. */
  pendingIds?: readonly string[];
  /** A refused disconnection, explained under the account it concerns. */
  refusal?: ConnectedAccountsRefusal;
  /** Shown in the `error` state (the server's message when there is one). */
  error?: string;
  onRetry?: () => void;
  /** The clock "Connected" is measured from (stories and tests pin it). */
  now?: Date;
}

interface Row {
  key: string;
  providerName: string;
  identity?: Identity;
  provider?: OidcProvider;
}

/**
 * Each configured provider in its order, with the member's accounts there (or one row to connect
 * one), then accounts at providers the server no longer offers, which can still be disconnected.
 */
function rowsOf(providers: readonly OidcProvider[], identities: readonly Identity[]): Row[] {
  const rows: Row[] = [];
  for (const provider of providers) {
    const connected = identities.filter((identity) => identity.provider === provider.id);
    if (connected.length === 0) {
      rows.push({ key: `provider-${provider.id}`, providerName: provider.name, provider });
    }
    for (const identity of connected) {
      rows.push({ key: identity.id, providerName: provider.name, identity });
    }
  }
  const offered = new Set(providers.map((provider) => provider.id));
  for (const identity of identities) {
    if (!offered.has(identity.provider)) {
      rows.push({ key: identity.id, providerName: identity.name, identity });
    }
  }
  return rows;
}

/**
 * The accounts elsewhere the member signs in with (Settings → Account): Connect for each
 * provider not connected, Disconnect for each account that is, and the reason when the last way
 * to sign in may not go.
 */
export const ConnectedAccounts = forwardRef<HTMLDivElement, ConnectedAccountsProps>(
  function ConnectedAccounts(
    {
      providers,
      identities,
      status = 'success',
      onConnect,
      onDisconnect,
      pendingIds = [],
      refusal,
      error = 'Failed to load your connected accounts. Please try again.',
      onRetry,
      now,
      className,
      ...props
    },
    ref,
  ) {
    const format = useWhispFormatter();
    const refusalId = useId();
    const rows = rowsOf(providers, identities);
    return (
      <div ref={ref} className={cx(styles.root, className)} data-status={status} {...props}>
        {status === 'loading' ? (
          <div role="status" aria-busy="true">
            <VisuallyHidden>Loading connected accounts</VisuallyHidden>
            {[0, 1].map((index) => (
              <div key={index} className={styles.skeletonRow} aria-hidden="true">
                <Skeleton circle width={40} height={40} />
                <span className={styles.details}>
                  <Skeleton width="35%" height={16} />
                  <Skeleton width="25%" height={12} />
                </span>
              </div>
            ))}
          </div>
        ) : status === 'error' ? (
          <ErrorState message={error} onRetry={onRetry} retryLabel="Retry" />
        ) : rows.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No other ways to sign in"
            description="This server offers no accounts elsewhere to sign in with."
          />
        ) : (
          <ul className={styles.list} aria-label="Connected accounts">
            {rows.map((row) => {
              const { identity, provider } = row;
              const pending = pendingIds.includes(identity?.id ?? provider?.id ?? '');
              const refused =
                identity !== undefined && refusal?.identityId === identity.id
                  ? refusal.message
                  : undefined;
              return (
                <li
                  key={row.key}
                  className={styles.row}
                  data-connected={identity ? true : undefined}
                  data-pending={pending || undefined}
                >
                  <span className={styles.icon}>
                    <KeyRound aria-hidden width={20} height={20} />
                  </span>
                  <span className={styles.details}>
                    <span className={styles.name}>{row.providerName}</span>
                    <span className={styles.meta}>
                      {identity ? (
                        <>
                          Connected{' '}
                          <time
                            dateTime={identity.created_at}
                            title={format.fullDateTime(identity.created_at)}
                          >
                            {format.relativeTime(identity.created_at, now)}
                          </time>
                        </>
                      ) : (
                        'Not connected'
                      )}
                    </span>
                    {refused ? (
                      <span id={refusalId} className={styles.refusal} role="alert">
                        {refused}
                      </span>
                    ) : null}
                  </span>
                  {identity ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      className={styles.action}
                      loading={pending}
                      // Every row's button says the same; the name says which account.
                      aria-label={`Disconnect ${row.providerName}`}
                      aria-describedby={refused ? refusalId : undefined}
                      onClick={() => onDisconnect(identity)}
                    >
                      Disconnect
                    </Button>
                  ) : provider ? (
                    <Button
                      variant="primary"
                      size="sm"
                      className={styles.action}
                      loading={pending}
                      aria-label={`Connect ${row.providerName}`}
                      onClick={() => onConnect(provider)}
                    >
                      Connect
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  },
);
