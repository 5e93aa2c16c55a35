import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { SettingsRow, SettingsSection, SettingsToggle } from './SettingsSection.js';

function SettingsDemo({ onThemeChange }: { onThemeChange: (dark: boolean) => void }) {
  const [dark, setDark] = useState(false);
  const [mentions, setMentions] = useState(true);
  return (
    <div style={{ maxWidth: 600 }}>
      <SettingsSection title="Appearance">
        <SettingsToggle
          label="Dark theme"
          hint="Easier on the eyes at night"
          checked={dark}
          onCheckedChange={(value) => {
            setDark(value);
            onThemeChange(value);
          }}
        />
      </SettingsSection>
      <SettingsSection title="Account" description="Managed by your sign-in; read-only here.">
        <SettingsRow label="Username">@ada</SettingsRow>
        <SettingsRow label="Email">ada@example.com</SettingsRow>
      </SettingsSection>
      <SettingsSection title="Notifications">
        <SettingsToggle label="Mentions" checked={mentions} onCheckedChange={setMentions} />
      </SettingsSection>
      <SettingsSection title="Account Actions">
        <SettingsRow label="Export your data">
          <Button variant="secondary" size="sm">
            Export
          </Button>
        </SettingsRow>
        <SettingsRow label="Delete account" hint="This cannot be undone">
          <Button variant="danger" size="sm">
            Delete
          </Button>
        </SettingsRow>
      </SettingsSection>
    </div>
  );
}

const meta = {
  title: 'Components/SettingsSection',
  component: SettingsDemo,
  args: { onThemeChange: fn() },
} satisfies Meta<typeof SettingsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: 'Dark theme' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleDescription('Easier on the eyes at night');
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onThemeChange).toHaveBeenCalledWith(true);
    await expect(canvas.getByRole('region', { name: 'Account' })).toHaveTextContent(
      'ada@example.com',
    );
  },
};
