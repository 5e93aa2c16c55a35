import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MobileBottomBar } from './MobileBottomBar.js';

const meta = {
  title: 'Layout/MobileBottomBar',
  component: MobileBottomBar,
  args: { current: 'home', badges: { messages: 2 }, onCompose: fn() },
  // Phones only: from 769 px the SideNav takes over.
  globals: { viewport: { value: 'phone' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MobileBottomBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Whisper' }));
    await expect(args.onCompose).toHaveBeenCalledOnce();
  },
};

export const OnProfile: Story = { args: { current: 'profile', badges: {} } };
