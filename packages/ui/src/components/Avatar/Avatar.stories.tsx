import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ada, linus } from '../../stories/fixtures.js';
import { avatarSizes } from './Avatar.css.js';
import { Avatar } from './Avatar.js';

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  args: { name: ada.display_name, src: ada.avatar, size: 'lg' },
  argTypes: { size: { control: 'inline-radio', options: avatarSizes } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {avatarSizes.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

/** The initials an avatar draws (in CSS, from `data-initials`), and whether they are seen. */
function drawnInitials(avatar: HTMLElement) {
  const before = getComputedStyle(avatar, '::before');
  return { text: before.content, opacity: before.opacity };
}

/** Without a picture the initials stand in. */
export const Initials: Story = {
  args: { name: 'Linus Torvalds', src: linus.avatar },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Linus Torvalds' });
    await expect(drawnInitials(avatar)).toEqual({ text: '"LT"', opacity: '1' });
  },
};

/** A picture that fails to load falls back to the initials too, as soon as it fails. */
export const BrokenImage: Story = {
  args: { name: 'Grace Hopper', src: '/no-such-image.png' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    const avatar = canvas.getByRole('img', { name: 'Grace Hopper' });
    await expect(drawnInitials(avatar)).toEqual({ text: '"GH"', opacity: '1' });
  },
};
