import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMutations, accountQueries, useWhispClient } from '@whisp/api-client/react';
import { SessionList, type SessionListItem, SettingsSection, useToast } from '@whisp/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../app/SessionProvider';
import { describeDevice } from './deviceName';
import * as styles from './SettingsRoute.css';

/** Where the member is signed in; "Sign out" ends one, and ending this one signs out here. */
export function SessionsSection() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const sessions = useQuery(accountQueries.sessions(client));
  const endSession = useMutation(accountMutations.endSession(client, queryClient));
  const [pendingIds, setPendingIds] = useState<string[]>([]);

  const items = useMemo<SessionListItem[]>(
    () =>
      (sessions.data ?? []).map((entry) => ({
        id: entry.id,
        lastUsedAt: entry.last_used_at,
        current: entry.current,
        ...describeDevice(entry.user_agent),
      })),
    [sessions.data],
  );

  const signOut = async (item: SessionListItem) => {
    setPendingIds((ids) => [...ids, item.id]);
    if (item.current) {
      // Logging out ends this session on the server and forgets it here, as "Log out" does.
      await session.signOut();
      navigate('/auth', { replace: true });
      return;
    }
    endSession.mutate(item.id, {
      onSuccess: () => toast(`Signed out ${item.device}`, { variant: 'success' }),
      onError: (error) => toast(error.message, { variant: 'error' }),
      onSettled: () => setPendingIds((ids) => ids.filter((id) => id !== item.id)),
    });
  };

  return (
    <SettingsSection
      title="Where you’re signed in"
      description="Sign out of a device you no longer use or do not recognise."
    >
      <SessionList
        className={styles.flush}
        sessions={items}
        status={sessions.isPending ? 'loading' : sessions.isError ? 'error' : 'success'}
        error={sessions.error?.message}
        onRetry={() => void sessions.refetch()}
        pendingIds={pendingIds}
        onSignOut={(item) => void signOut(item)}
      />
    </SettingsSection>
  );
}
