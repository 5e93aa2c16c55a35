import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { accountDataMutations, useWhispClient } from '@whisp/api-client/react';
import { DangerZoneDialog } from '@whisp/ui';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../app/SessionProvider';
import { leaveAuthNotice } from '../auth/authNotice';

// What DELETE /api/users/me removes (its description in /api/openapi.json), as a member reads it.
const losses = [
  'Your profile, whisps and replies, with their photos and videos',
  'Your likes, rewhisps and bookmarks',
  'The people you follow and your followers',
  'Your messages and notifications',
  'Your blocks, mutes and muted words',
];

/**
 * Delete account: what goes, the password (or the username, for a member who signed up with
 * another account and has none), then signed out on the sign-in page with a message.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const session = useSession();
  // Read softly: the member is gone from the session once the deletion clears it.
  const hasPassword = session.user?.has_password ?? true;
  const navigate = useNavigate();
  const remove = useMutation(accountDataMutations.deleteAccount(client, queryClient));
  // The confirmation typed was not right: said under its field.
  const wrongConfirmation =
    isApiError(remove.error) &&
    (remove.error.code === ERRORS.wrongPassword.code ||
      remove.error.code === ERRORS.wrongUsername.code);

  return (
    <DangerZoneDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="Your account is deleted at once and cannot be brought back. Download your data first if you want to keep a copy. Your email and username become free for anyone."
      consequences={losses}
      confirmLabel="Delete account"
      confirmWith={hasPassword ? 'password' : 'username'}
      passwordLabel="Your password"
      usernameLabel="Type your username to confirm"
      pending={remove.isPending}
      error={remove.error?.message}
      errorField={wrongConfirmation ? 'field' : 'form'}
      onConfirm={async (typed) => {
        let message: string;
        try {
          ({ message } = await remove.mutateAsync(
            hasPassword ? { password: typed } : { username: typed },
          ));
        } catch {
          return; // Shown by the dialog from remove.error.
        }
        // Awaited rather than in mutate's callbacks: clearing the cache can unmount this screen
        // before they run. The server ended every session and the client forgot the token;
        // signing out clears the rest of this browser's state, and the guard opens sign-in.
        leaveAuthNotice(message);
        await session.signOut();
        navigate('/auth', { replace: true });
      }}
    />
  );
}
