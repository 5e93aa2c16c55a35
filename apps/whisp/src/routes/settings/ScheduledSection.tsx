import { SettingsRow, SettingsSection } from '@whisp/ui';
import { Link } from 'react-router-dom';

/** Scheduled whisps are reachable from here and from the composer's schedule tool. */
export function ScheduledSection() {
  return (
    <SettingsSection title="Whisps">
      <SettingsRow
        label="Scheduled whisps"
        hint="See, change or cancel the whisps waiting for their time"
      >
        <Link to="/scheduled">Open</Link>
      </SettingsRow>
    </SettingsSection>
  );
}
