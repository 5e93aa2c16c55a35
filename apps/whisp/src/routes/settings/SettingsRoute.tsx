import {
  Button,
  formatJoinedDate,
  SettingsRow,
  SettingsSection,
  SettingsToggle,
  useToast,
} from '@whisp/ui';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser, useSession } from '../../app/SessionProvider';
import { useTheme } from '../../app/ThemeProvider';
import { PageHeader } from '../../shared/PageHeader';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { exportMyData } from './exportMyData';
import { type PreferenceName, usePreferences } from './preferences';
import * as styles from './SettingsRoute.css';

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
const data: ToggleSpec[] = [
  ['autoplayVideos', 'Autoplay videos'],
  ['loadImagesOnCellular', 'Load images on mobile data'],
  ['reduceDataUsage', 'Data saver', 'Load smaller images and fewer previews.'],
];

export default function SettingsRoute() {
  const me = useCurrentUser();
  const session = useSession();
  const navigate = useNavigate();
  const { theme, setTheme } = useTheme();
  const { toast } = useToast();
  const [preferences, setPreference] = usePreferences();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const toggles = (specs: ToggleSpec[]) =>
    specs.map(([name, label, hint]) => (
      <SettingsToggle
        key={name}
        label={label}
        hint={hint}
        checked={preferences[name]}
        onCheckedChange={(checked) => setPreference(name, checked)}
      />
    ));

  return (
    <>
      <PageHeader title="Settings" />
      <div className={styles.sections}>
        <SettingsSection
          title="Appearance"
          description="Saved in this browser; starts from your system’s setting."
        >
          <SettingsToggle
            label="Dark theme"
            checked={theme === 'dark'}
            onCheckedChange={(dark) => {
              const next = dark ? 'dark' : 'light';
              setTheme(next);
              toast(`Switched to ${next} theme`);
            }}
          />
        </SettingsSection>
        <SettingsSection title="Account" description="Your account details (read-only).">
          <SettingsRow label="Display name">{me.display_name}</SettingsRow>
          <SettingsRow label="Username">@{me.username}</SettingsRow>
          <SettingsRow label="Email">{me.email}</SettingsRow>
          <SettingsRow label="Member since">{formatJoinedDate(me.created_at)}</SettingsRow>
        </SettingsSection>
        <SettingsSection title="Privacy" description={storedHere}>
          {toggles(privacy)}
        </SettingsSection>
        <SettingsSection title="Notifications" description={storedHere}>
          {toggles(notifications)}
        </SettingsSection>
        <SettingsSection title="Data & Storage" description={storedHere}>
          {toggles(data)}
        </SettingsSection>
        <SettingsSection title="Support">
          <SettingsRow label="Help center">
            <Link to="/help">Open</Link>
          </SettingsRow>
          <SettingsRow label="Contact support">
            <Link to="/support/contact">Write to us</Link>
          </SettingsRow>
          <SettingsRow label="Terms of Service">
            <Link to="/terms">Read</Link>
          </SettingsRow>
          <SettingsRow label="Privacy Policy">
            <Link to="/privacy">Read</Link>
          </SettingsRow>
        </SettingsSection>
        <SettingsSection title="Account Actions">
          <SettingsRow label="Export your data" hint="Your profile and whisps as a JSON file.">
            <Button
              variant="secondary"
              size="sm"
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await exportMyData(me);
                  toast('Your data was downloaded');
                } catch {
                  toast('Export failed. Please try again.', { variant: 'error' });
                } finally {
                  setExporting(false);
                }
              }}
            >
              <Download aria-hidden width={16} height={16} /> Export
            </Button>
          </SettingsRow>
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
        </SettingsSection>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
