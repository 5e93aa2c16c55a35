import { formatJoinedDate, SettingsRow, SettingsSection } from '@whisp/ui';
import { useCurrentUser } from '../../app/SessionProvider';

/** Who the member is here (read-only; the profile page edits the name and bio). */
export function AccountSection() {
  const me = useCurrentUser();
  return (
    <SettingsSection title="Account" description="Your account details (read-only).">
      <SettingsRow label="Display name">{me.display_name}</SettingsRow>
      <SettingsRow label="Username">@{me.username}</SettingsRow>
      <SettingsRow label="Email">{me.email}</SettingsRow>
      <SettingsRow label="Member since">{formatJoinedDate(me.created_at)}</SettingsRow>
    </SettingsSection>
  );
}
