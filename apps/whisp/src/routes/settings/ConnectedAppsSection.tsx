import { useConnectedApps, useRevokeConnectedApp } from '@whisp/api-client/react';
import { ConnectedAppList, SettingsSection, useToast } from '@whisp/ui';
import * as styles from './SettingsRoute.css';

/**
 * The Mastodon apps the member signed in to with their Whisp account: Revoke (after a
 * confirmation) takes the app out at once and ends every token it holds.
 */
export function ConnectedAppsSection() {
  const { toast } = useToast();
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  return (
    <SettingsSection
      title="Connected apps"
      description="Apps you signed in to with your Whisp account. Revoke one you no longer use."
    >
      <ConnectedAppList
        className={styles.flush}
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
    </SettingsSection>
  );
}
