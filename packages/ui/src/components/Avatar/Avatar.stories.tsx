import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { ada, avatarPicture, linus } from '../../stories/fixtures.js';
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

/** A picture still on its way: a plain circle at first, the initials after 300 ms, then the picture. */
export const SlowPicture: Story = {
  args: { name: 'Ada Lovelace', src: '/story-media/slow-avatar.svg' },
  parameters: {
    msw: {
      handlers: [
        http.get('/story-media/slow-avatar.svg', async () => {
          await delay(2000);
          return new HttpResponse(avatarPicture('#7c5cff', '#2ec5ff'), {
            headers: { 'Content-Type': 'image/svg+xml' },
          });
        }),
      ],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const avatar = canvas.getByRole('img', { name: 'Ada Lovelace' });
    const picture = () => canvasElement.querySelector('img');
    // While the picture loads, the initials show through...
    await waitFor(() => expect(drawnInitials(avatar)).toEqual({ text: '"AL"', opacity: '1' }));
    await expect(picture()?.complete).toBe(false);
    // ...and the picture covers them once it has come.
    await waitFor(() => expect(picture()?.naturalWidth).toBeGreaterThan(0), { timeout: 5000 });
  },
};
