import { SettingsSection, SettingsToggle } from '@whisp/ui';
import { type PreferenceName, usePreferences } from './preferences';

const storedHere = 'Saved in this browser (local storage); other devices keep their own choice.';

type ToggleSpec = [PreferenceName, string, string?];

const privacy: ToggleSpec[] = [
  ['showReadReceipts', 'Read receipts', 'Let people you message see when you have read it.'],
  ['allowMessagesFromEveryone', 'Messages from everyone', 'Otherwise only people you follow.'],
  ['discoverableByEmail', 'Find me by email', 'Let people who know your email find you.'],
];
const notifications: ToggleSpec[] = [
  ['notifyLikes', 'Likes'],
  ['notifyFollows', 'New followers'],
  ['notifyReplies', 'Replies'],
  ['notifyMentions', 'Mentions'],
  ['notifyMessages', 'Direct messages'],
];
const storage: ToggleSpec[] = [
  ['autoplayVideos', 'Autoplay videos'],
  ['loadImagesOnCellular', 'Load images on mobile data'],
  ['reduceDataUsage', 'Data saver', 'Load smaller images and fewer previews.'],
];

function PreferenceToggles({ specs }: { specs: ToggleSpec[] }) {
  const [preferences, setPreference] = usePreferences();
  return specs.map(([name, label, hint]) => (
    <SettingsToggle
      key={name}
      label={label}
      hint={hint}
      checked={preferences[name]}
      onCheckedChange={(checked) => setPreference(name, checked)}
    />
  ));
}

export function PrivacySection() {
  return (
    <SettingsSection title="Privacy" description={storedHere}>
      <PreferenceToggles specs={privacy} />
    </SettingsSection>
  );
}

export function NotificationsSection() {
  return (
    <SettingsSection title="Notifications" description={storedHere}>
      <PreferenceToggles specs={notifications} />
    </SettingsSection>
  );
}

export function StorageSection() {
  return (
    <SettingsSection title="Data & Storage" description={storedHere}>
      <PreferenceToggles specs={storage} />
    </SettingsSection>
  );
}
