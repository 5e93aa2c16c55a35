import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SideNav } from './SideNav.js';

const meta = {
  title: 'Layout/SideNav',
  component: SideNav,
  args: {
    current: 'home',
    badges: { notifications: 3, messages: 120 },
    onCompose: fn(),
    onLogout: fn(),
  },
  // The navigation exists on wide screens only (phones get MobileBottomBar).
  tags: ['desktop'],
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SideNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** From 1280 px: icons with labels, unread badges, the current page marked. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: /^Notifications.*3 unread/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expect(canvas.getByRole('link', { name: /^Messages.*120 unread/ })).toHaveTextContent(
      '99+',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Whisper' }));
    await expect(args.onCompose).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** A member's navigation has no Moderation; a moderator's or an admin's has it last. */
export const ForModerators: Story = {
  args: { showModeration: true, current: 'moderation' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const WithoutModeration: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Moderation' })).toBeNull();
  },
};

/** Between 769 and 1279 px: icons only, each label shown as a tooltip on hover and focus. */
export const IconsOnly: Story = {
  args: { current: 'messages' },
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvas, userEvent }) => {
    const explore = canvas.getByRole('link', { name: 'Explore' });
    explore.focus();
    await expect(explore).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect(canvas.getByRole('link', { name: /^Notifications.*3 unread/ })).toHaveFocus();
  },
};
