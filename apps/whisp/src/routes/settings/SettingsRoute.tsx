import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { PageHeader } from '../../shared/PageHeader';
import { AccountActionsSection } from './AccountActionsSection';
import { AccountSection } from './AccountSection';
import { AppearanceSection } from './AppearanceSection';
import { ConnectedAccountsSection } from './ConnectedAccountsSection';
import { ConnectedAppsSection } from './ConnectedAppsSection';
import { MutedAndBlockedSection } from './MutedAndBlockedSection';
import { PasswordSection } from './PasswordSection';
import { NotificationsSection, PrivacySection, StorageSection } from './PreferenceSections';
import { ScheduledSection } from './ScheduledSection';
import { SessionsSection } from './SessionsSection';
import * as styles from './SettingsRoute.css';
import { SupportSection } from './SupportSection';
import { YourDataSection } from './YourDataSection';

/** Settings: one section per file, in the order they show; add a section with one line here. */
export default function SettingsRoute() {
  useDocumentTitle('Settings');
  return (
    <>
      <PageHeader title="Settings" />
      <div className={styles.sections}>
        <AppearanceSection />
        <AccountSection />
        <ConnectedAccountsSection />
        <PasswordSection />
        <SessionsSection />
        <ConnectedAppsSection />
        <ScheduledSection />
        <PrivacySection />
        <MutedAndBlockedSection />
        <NotificationsSection />
        <StorageSection />
        <YourDataSection />
        <SupportSection />
        <AccountActionsSection />
      </div>
    </>
  );
}
