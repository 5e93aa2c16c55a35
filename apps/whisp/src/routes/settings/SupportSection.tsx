import { SettingsRow, SettingsSection } from '@whisp/ui';
import { Link } from 'react-router-dom';

export function SupportSection() {
  return (
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
  );
}
