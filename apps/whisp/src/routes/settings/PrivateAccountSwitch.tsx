import { useUpdateProfile } from '@whisp/api-client/react';
import { SettingsToggle, useToast } from '@whisp/ui';
import { useState } from 'react';
import { useCurrentUser } from '../../app/SessionProvider';
import { SAVE_FAILED } from './preferenceLabels';

/**
 * `is_private` belongs to the member, not to the preferences object, so it is saved through
 * POST /api/users/me. That mutation is not optimistic: the switch holds the wanted value itself
 * while the save is on its way and drops it (back to the server's) when the save fails.
 */
export function PrivateAccountSwitch() {
  const me = useCurrentUser();
  const { toast } = useToast();
  const update = useUpdateProfile();
  const [wanted, setWanted] = useState<boolean | null>(null);
  return (
    <SettingsToggle
      label="Private account"
      hint="Only followers you approve see your whisps; anyone new must ask to follow you. Turning it off approves every waiting request."
      checked={wanted ?? me.is_private}
      onCheckedChange={(next) => {
        setWanted(next);
        update.mutate(
          { is_private: next },
          {
            onSuccess: () =>
              toast(next ? 'Your account is private' : 'Your account is public again'),
            onError: () => toast(SAVE_FAILED, { variant: 'error' }),
            onSettled: () => setWanted(null),
          },
        );
      }}
    />
  );
}
