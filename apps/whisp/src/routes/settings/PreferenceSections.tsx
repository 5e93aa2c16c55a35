import { OPTIONAL_NOTIFICATION_TYPES } from '@whisp/api-client/contract/choices';
import { SettingsRow, SettingsSection } from '@whisp/ui';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../app/SessionProvider';
import { MessageAudienceChoice } from './MessageAudienceChoice';
import { type BooleanPreference, PreferenceSwitch } from './PreferenceSwitch';
import { PrivateAccountSwitch } from './PrivateAccountSwitch';
import { NOTIFICATION_SWITCHES } from './preferenceLabels';

// The preferences come with the signed-in member (no request of their own) and are kept on the
// server, so they hold on every device.

type SwitchSpec = [BooleanPreference, string, string?];

const privacySwitches: SwitchSpec[] = [
  ['read_receipts', 'Read receipts', 'Let people you message see when you have read it.'],
  [
    'discoverable_by_email',
    'Find me by email',
    'Let people who type your exact email address in search find you.',
  ],
];

const storageSwitches: SwitchSpec[] = [
  ['autoplay_media', 'Autoplay videos and GIFs', 'Otherwise they wait for a tap.'],
  [
    'data_saver',
    'Data saver',
    'Show smaller previews until you open a picture, and load no video before you play it.',
  ],
];

function PreferenceSwitches({ specs }: { specs: SwitchSpec[] }) {
  const { preferences } = useCurrentUser();
  return specs.map(([key, label, hint]) => (
    <PreferenceSwitch
      key={key}
      label={label}
      hint={hint}
      checked={preferences[key]}
      changesFor={(checked) => ({ [key]: checked })}
    />
  ));
}

export function PrivacySection() {
  const { preferences } = useCurrentUser();
  return (
    <SettingsSection title="Privacy">
      <PrivateAccountSwitch />
      <SettingsRow label="Follow requests" hint="Accept or decline who asked to follow you">
        <Link to="/follow-requests">Open</Link>
      </SettingsRow>
      <MessageAudienceChoice value={preferences.messages_from} />
      <PreferenceSwitches specs={privacySwitches} />
    </SettingsSection>
  );
}

export function NotificationsSection() {
  const { preferences } = useCurrentUser();
  return (
    <SettingsSection title="Notifications">
      {OPTIONAL_NOTIFICATION_TYPES.map((type) => {
        const [label, hint] = NOTIFICATION_SWITCHES[type];
        return (
          <PreferenceSwitch
            key={type}
            label={label}
            hint={hint}
            checked={preferences.notifications[type]}
            changesFor={(checked) => ({ notifications: { [type]: checked } })}
          />
        );
      })}
    </SettingsSection>
  );
}

export function StorageSection() {
  return (
    <SettingsSection title="Data & Storage">
      <PreferenceSwitches specs={storageSwitches} />
    </SettingsSection>
  );
}
