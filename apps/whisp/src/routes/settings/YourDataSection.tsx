import { SettingsSection } from '@whisp/ui';
import { DownloadDataRow } from './DownloadDataRow';
import { ImportArchiveRow } from './ImportArchiveRow';

/** Take your data with you, or bring it from another Whisp server. */
export function YourDataSection() {
  return (
    <SettingsSection title="Your data">
      <DownloadDataRow />
      <ImportArchiveRow />
    </SettingsSection>
  );
}
