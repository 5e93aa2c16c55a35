// Story-only wiring of the account components to @whisp/api-client over its MSW mocks, as the app
// does it in apps/whisp/src/routes/settings/ (which names devices with bowser; a story has a
// rough guess of its own, so the library takes no user-agent parser as a dependency).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@whisp/api-client';
import { errorMessage } from '@whisp/api-client/contract/errors';
import {
  accountDataMutations,
  accountMutations,
  accountQueries,
  userQueries,
  useWhispClient,
} from '@whisp/api-client/react';
import { useState } from 'react';
import { Button } from '../components/Button/Button.js';
import { DangerZoneDialog } from '../components/DangerZoneDialog/DangerZoneDialog.js';
import { PasswordChangeForm } from '../components/PasswordChangeForm/PasswordChangeForm.js';
import { ResetPasswordForm } from '../components/ResetPasswordForm/ResetPasswordForm.js';
import { type DeviceKind, SessionList } from '../components/SessionList/SessionList.js';
import { useToast } from '../components/Toast/Toast.js';
import type { TransferState } from '../components/TransferProgress/TransferProgress.css.js';
import { TransferProgress } from '../components/TransferProgress/TransferProgress.js';

function roughDevice(userAgent: string | null): { device: string; deviceKind: DeviceKind } {
  if (!userAgent) return { device: 'Unknown device', deviceKind: 'desktop' };
  const browser = /Firefox\//.test(userAgent)
    ? 'Firefox'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Safari\//.test(userAgent)
        ? 'Safari'
        : 'A browser';
  if (/iPhone|Android.*Mobile/.test(userAgent)) {
    return {
      device: `${browser} on ${/iPhone/.test(userAgent) ? 'iOS' : 'Android'}`,
      deviceKind: 'mobile',
    };
  }
  const system = /Mac OS X/.test(userAgent)
    ? 'macOS'
    : /Windows/.test(userAgent)
      ? 'Windows'
      : 'Linux';
  return {
    device: `${browser} on ${system}`,
    deviceKind: system === 'macOS' ? 'laptop' : 'desktop',
  };
}

/** The signed-in member's sessions from the API; "Sign out" ends one through it. */
export function ConnectedSessionList() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const sessions = useQuery(accountQueries.sessions(client));
  const endSession = useMutation(accountMutations.endSession(client, queryClient));
  const [pending, setPending] = useState<string[]>([]);
  const items = (sessions.data ?? []).map((session: AccountSession) => ({
    id: session.id,
    lastUsedAt: session.last_used_at,
    current: session.current,
    ...roughDevice(session.user_agent),
  }));
  return (
    <SessionList
      sessions={items}
      status={sessions.isPending ? 'loading' : sessions.isError ? 'error' : 'success'}
      error={sessions.error?.message}
      onRetry={() => void sessions.refetch()}
      pendingIds={pending}
      onSignOut={(session) => {
        setPending((ids) => [...ids, session.id]);
        endSession.mutate(session.id, {
          onSuccess: () => toast(`Signed out ${session.device}`, { variant: 'success' }),
          onError: (error) => toast(error.message, { variant: 'error' }),
          onSettled: () => setPending((ids) => ids.filter((id) => id !== session.id)),
        });
      }}
    />
  );
}

interface Transfer {
  state: TransferState;
  loaded?: number;
  total?: number | null;
  message?: string;
}

/** The account's export downloaded through the API with its progress (the app then saves it). */
export function ConnectedDownload() {
  const client = useWhispClient();
  const download = useMutation(accountDataMutations.downloadExport(client));
  const [progress, setProgress] = useState<Transfer>();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 16 }}>
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() => {
          setProgress({ state: 'active' });
          download.mutate(
            { onProgress: ({ loaded, total }) => setProgress({ state: 'active', loaded, total }) },
            {
              onSuccess: ({ archive, filename }) =>
                setProgress({
                  state: 'done',
                  loaded: archive.size,
                  total: archive.size,
                  message: `${filename} is ready.`,
                }),
              onError: (error) => setProgress({ state: 'error', message: error.message }),
            },
          );
        }}
      >
        Download
      </Button>
      {progress ? (
        <TransferProgress
          style={{ alignSelf: 'stretch' }}
          label="Downloading your data"
          {...progress}
        />
      ) : null}
    </div>
  );
}

/** Delete account through the API: the mocks check the password as the server does. */
export function ConnectedDeleteAccount({ onDeleted }: { onDeleted: (message: string) => void }) {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const me = useQuery(userQueries.me(client));
  const remove = useMutation(accountDataMutations.deleteAccount(client, queryClient));
  // A member without a password (signed up with another account) confirms with their username.
  const hasPassword = me.data?.has_password ?? true;
  return (
    <DangerZoneDialog
      open
      onOpenChange={() => remove.reset()}
      title="Delete your account?"
      description="Your account is deleted at once and cannot be brought back."
      consequences={['Your profile, whisps and replies', 'Your messages and notifications']}
      confirmLabel="Delete account"
      confirmWith={hasPassword ? 'password' : 'username'}
      usernameLabel="Type your username to confirm"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={(typed) =>
        remove.mutate(hasPassword ? { password: typed } : { username: typed }, {
          onSuccess: ({ message }) => onDeleted(message),
        })
      }
    />
  );
}

/** Change password through the API: the mocks refuse a wrong current password as the server does. */
export function ConnectedPasswordChange() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const change = useMutation(accountMutations.changePassword(client, queryClient));
  const me = useQuery(userQueries.me(client));
  const wrong = change.error?.message === errorMessage('wrongPassword');
  const hasPassword = me.data?.has_password ?? true;
  return (
    <PasswordChangeForm
      // A new form once a first password is set: the current one is asked for from then on.
      key={String(hasPassword)}
      hasPassword={hasPassword}
      submitting={change.isPending}
      notice={change.data?.message}
      fieldErrors={wrong ? { currentPassword: change.error?.message } : undefined}
      error={wrong ? undefined : change.error?.message}
      onSubmit={({ currentPassword, newPassword }) =>
        change.mutate(
          hasPassword
            ? { current_password: currentPassword, new_password: newPassword }
            : { new_password: newPassword },
        )
      }
    />
  );
}

/** The page a reset link opens, confirming through the API with the link's token. */
export function ConnectedResetPassword({ token }: { token: string }) {
  const client = useWhispClient();
  const confirm = useMutation(accountMutations.confirmPasswordReset(client));
  const invalid = confirm.error?.message === errorMessage('resetTokenInvalid');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, alignItems: 'center' }}>
      {confirm.data ? <p role="status">{confirm.data.message}</p> : null}
      <ResetPasswordForm
        linkInvalid={invalid}
        error={confirm.error?.message}
        submitting={confirm.isPending}
        onRequestNewLink={() => confirm.reset()}
        onSubmit={(password) => confirm.mutate({ token, password })}
      />
    </div>
  );
}
