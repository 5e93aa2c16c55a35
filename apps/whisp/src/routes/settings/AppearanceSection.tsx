import { SettingsSection, SettingsToggle, useToast } from '@whisp/ui';
import { useTheme } from '../../app/ThemeProvider';

export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  const { toast } = useToast();
  return (
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
  );
}
