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

/** Delete account: the password, what goes, then signed out on the sign-in page with a message. */
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
  const navigate = useNavigate();
  const remove = useMutation(accountDataMutations.deleteAccount(client, queryClient));
  const wrongPassword = isApiError(remove.error) && remove.error.code === ERRORS.wrongPassword.code;

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
      passwordLabel="Your password"
      pending={remove.isPending}
      error={remove.error?.message}
      errorField={wrongPassword ? 'password' : 'form'}
      onConfirm={async (password) => {
        let message: string;
        try {
          ({ message } = await remove.mutateAsync(password));
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
