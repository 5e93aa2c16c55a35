import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect } from 'storybook/test';
import { Button } from '../components/Button/Button.js';
import * as Tabs from '../components/Tabs/Tabs.js';
import { WhispCard } from '../components/WhispCard/WhispCard.js';
import { tealTheme } from '../stories/examples/brandTheme.js';
import { post, storyNow } from '../stories/fixtures.js';
import { vars } from './contract.css.js';
import { createWhispTheme } from './createWhispTheme.js';
import { type ThemeName, themeNames } from './themeClass.js';

interface BrandPreviewProps {
  theme: ThemeName;
}

/**
 * Whisp in a team's teal: the brand's variables on a wrapper, over the theme class the toolbar
 * applies. The story test runs axe on it in both themes, so the derived colours must read.
 */
function BrandPreview({ theme }: BrandPreviewProps) {
  return (
    <div
      data-testid="brand"
      style={{ ...(tealTheme[theme] as CSSProperties), display: 'grid', gap: vars.space[4] }}
    >
      <div style={{ display: 'flex', gap: vars.space[2], flexWrap: 'wrap' }}>
        <Button>Whisper</Button>
        <Button variant="secondary">Cancel</Button>
        <a href="#brand" style={{ color: vars.color.accent }}>
          A link in the accent
        </a>
      </div>
      <Tabs.Root defaultValue="for-you">
        <Tabs.List aria-label="Feeds">
          <Tabs.Trigger value="for-you">For you</Tabs.Trigger>
          <Tabs.Trigger value="following">Following</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="for-you">
          <WhispCard
            post={post({ content: 'Teal suits us. #brand @ada https://whisp.example' })}
            now={storyNow}
          />
        </Tabs.Content>
        <Tabs.Content value="following">Whisps from people you follow.</Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

const meta = {
  title: 'Foundations/Custom brand theme',
  component: BrandPreview,
  parameters: { layout: 'padded' },
  render: (_args, { globals }) => (
    <BrandPreview theme={themeNames.includes(globals.theme) ? globals.theme : 'light'} />
  ),
  args: { theme: 'light' },
} satisfies Meta<typeof BrandPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Teal: Story = {
  play: async ({ canvas, globals }) => {
    const theme: ThemeName = globals.theme === 'dark' ? 'dark' : 'light';
    const button = canvas.getByRole('button', { name: 'Whisper' });
    const expected = theme === 'dark' ? 'rgb(45, 212, 191)' : 'rgb(15, 118, 110)';
    await expect(getComputedStyle(button).backgroundColor).toBe(expected);
  },
};

export const UnreadableBrandIsRefused: Story = {
  play: async () => {
    // A pale yellow accent cannot be link text on white: refused with the pair and its ratio.
    await expect(() =>
      createWhispTheme({ light: { accent: '#f5e663' }, dark: { accent: '#2dd4bf' } }),
    ).toThrow(/light accent #f5e663 on background #ffffff has a contrast of 1\.\d+:1/);
  },
};
