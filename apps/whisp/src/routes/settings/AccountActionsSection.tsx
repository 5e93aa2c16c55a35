import { Button, SettingsRow, SettingsSection } from '@whisp/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../app/SessionProvider';
import { DeleteAccountDialog } from './DeleteAccountDialog';

export function AccountActionsSection() {
  const session = useSession();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsSection title="Account Actions">
      <SettingsRow label="Sign out" hint="Ends this session and forgets it in this browser.">
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            await session.signOut();
            navigate('/auth', { replace: true });
          }}
        >
          Log out
        </Button>
      </SettingsRow>
      <SettingsRow label="Delete account" hint="Removes your account and everything in it.">
        <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </SettingsRow>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </SettingsSection>
  );
}
